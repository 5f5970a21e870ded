import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiErrorDto,
  APP_MESSAGES,
  AUTH_MESSAGES,
  IMAGE_FORM_MAX_BYTES,
  IMAGE_MESSAGES,
  ImageVariantQuery,
  UPLOAD_MESSAGES,
  UploadedImageDto,
  UploadParams,
} from '@castline/shared';
import { AppError, UnauthenticatedError } from '../../http/errors.js';
import type { ImagesService, ServedFile } from './images.service.js';

const tags = ['images'];
const FILE_FIELD = 'file';
const CACHE_FOREVER = 'public, max-age=31536000, immutable';
/** Stored files are data, never pages: nothing in them may run or load anything. */
const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

/** The name a message shows for an uploaded file: its base name, printable, not too long. */
export function displayFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const printable = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!printable) return 'The file';
  return printable.length > 120 ? `${printable.slice(0, 117)}...` : printable;
}

interface MultipartError {
  code?: string;
  part?: { filename?: string };
}

/** Reads the one `file` field, stopping at 10 MB. */
async function readUploadedFile(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.multipartRequired);
  let upload: { name: string; bytes: Buffer } | undefined;
  let currentName: string | undefined;
  try {
    const parts = request.parts({
      limits: {
        fileSize: IMAGE_FORM_MAX_BYTES,
        files: 1,
        fields: 10,
        fieldSize: 4096,
        parts: 11,
        headerPairs: 50,
      },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      currentName = displayFileName(part.filename);
      if (part.fieldname !== FILE_FIELD) {
        part.file.resume();
        continue;
      }
      upload = { name: currentName, bytes: await part.toBuffer() };
    }
  } catch (error) {
    const failure = error as MultipartError;
    switch (failure.code) {
      case 'FST_REQ_FILE_TOO_LARGE':
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          IMAGE_MESSAGES.tooLargeForForm(displayFileName(failure.part?.filename ?? currentName)),
        );
      case 'FST_FILES_LIMIT':
        throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.oneFileOnly);
      default:
        // Broken multipart framing, too many fields or parts: the request is malformed.
        request.log.debug({ err: error }, 'unreadable multipart upload');
        throw new AppError('BAD_REQUEST', APP_MESSAGES.invalidRequest);
    }
  }
  if (!upload || upload.bytes.length === 0) throw new AppError('BAD_REQUEST', IMAGE_MESSAGES.fileMissing);
  return upload;
}

/** Weak comparison (RFC 9110 §13.1.2): `W/` prefixes are ignored; `*` matches any stored file. */
function matchesIfNoneMatch(header: string | undefined, etag: string | undefined): boolean {
  if (!header || !etag) return false;
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => bare(candidate) === bare(etag));
}

function sendStoredFile(request: FastifyRequest, reply: FastifyReply, served: ServedFile): FastifyReply {
  const { info, body, cacheStatus } = served;
  void reply.headers({
    'cache-control': CACHE_FOREVER,
    'x-content-type-options': 'nosniff',
    'x-cache-status': cacheStatus,
    'server-timing': `cdn-cache;desc=${cacheStatus}`,
    'content-security-policy': FILE_CSP,
    ...(info.etag ? { etag: info.etag } : {}),
  });
  if (matchesIfNoneMatch(request.headers['if-none-match'], info.etag)) {
    if (body && !Buffer.isBuffer(body)) body.destroy();
    return reply.status(304).send();
  }
  void reply.type(info.contentType).header('content-length', String(info.size));
  if (!body) return reply.send();
  return reply.send(body);
}

export async function registerImagesRoutes(app: FastifyInstance, images: ImagesService): Promise<void> {
  // Multipart bodies are accepted on the upload route only: the parser lives in this scope.
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, { limits: { fileSize: IMAGE_FORM_MAX_BYTES } });
    uploads.addContentTypeParser('*', (_request, _payload, done) => {
      done(new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.multipartRequired), undefined);
    });
    uploads.withTypeProvider<ZodTypeProvider>().post('/api/uploads/:bucket', {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Upload one image (multipart field "file", at most 10 MB); stored re-encoded as webp',
        consumes: ['multipart/form-data'],
        params: UploadParams,
        response: {
          201: UploadedImageDto,
          400: ApiErrorDto,
          401: ApiErrorDto,
          413: ApiErrorDto,
          415: ApiErrorDto,
          429: ApiErrorDto,
        },
      },
      handler: async (request, reply) => {
        const session = request.activeSession;
        if (!session) throw new UnauthenticatedError(AUTH_MESSAGES.notAuthenticated);
        await images.assertUploadAllowed(session.userId);
        const file = await readUploadedFile(request);
        const uploaded = await images.upload(request.params.bucket, session.userId, file);
        return reply.status(201).send(uploaded);
      },
    });
  });

  app.withTypeProvider<ZodTypeProvider>().route({
    method: ['GET', 'HEAD'],
    url: '/files/*',
    schema: {
      tags,
      summary:
        'A stored file; with w, h, q or format on an uploaded image, a variant (fitted inside w × h, made once, then cached)',
      querystring: ImageVariantQuery,
      response: { 400: ApiErrorDto, 404: ApiErrorDto, 429: ApiErrorDto },
    },
    handler: async (request, reply) => {
      const key = (request.params as { '*'?: string })['*'] ?? '';
      const served = await images.open(key, request.query, {
        clientIp: request.ip,
        bodyless: request.method === 'HEAD',
      });
      return sendStoredFile(request, reply, served);
    },
  });
}

import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sha256OfBody, signS3Request } from '../sigv4.js';

interface StoredObject {
  body: Buffer;
  contentType: string;
  etag: string;
}

export interface S3StandIn {
  /** `http://127.0.0.1:<port>`: use it as S3_ENDPOINT with path-style addressing. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, StoredObject>;
  /** Every request as `METHOD /path`, in order. */
  requests: string[];
  close(): Promise<void>;
}

export interface S3StandInOptions {
  bucket?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

/**
 * A stand-in for an external S3-compatible service (tests only): one bucket, path-style
 * addressing, PUT/GET/HEAD/DELETE Object, and it checks every request's SigV4 signature and
 * payload hash the way S3 does, answering S3's error codes.
 */
export async function startS3StandIn(options: S3StandInOptions = {}): Promise<S3StandIn> {
  const bucket = options.bucket ?? 'castline-test';
  const accessKeyId = options.accessKeyId ?? 'AKIASTANDIN000000000';
  const secretAccessKey = options.secretAccessKey ?? 'stand-in-secret-key-0123456789abcdefghij';
  const objects = new Map<string, StoredObject>();
  const requests: string[] = [];

  const fail = (res: ServerResponse, method: string, status: number, code: string, message: string) => {
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(method === 'HEAD' ? undefined : xmlError(code, message));
  };

  /** Recomputes the signature from what arrived; null when it matches, else the reason. */
  const signatureProblem = (req: IncomingMessage, path: string, body: Buffer): string | null => {
    const authorization = req.headers.authorization ?? '';
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!match) return 'malformed Authorization header';
    const [, keyId, , region, signedHeaderList, signature] = match;
    if (keyId !== accessKeyId) return 'unknown access key';
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== sha256OfBody(body)) return 'x-amz-content-sha256 does not match the body';
    const dateMatch = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
    if (!dateMatch) return 'missing x-amz-date';
    const [, y, mo, d, h, mi, s] = dateMatch;
    const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
    const headers: Record<string, string> = {};
    for (const name of signedHeaderList!.split(';')) {
      if (name === 'host' || name === 'x-amz-date' || name === 'x-amz-content-sha256') continue;
      const value = req.headers[name];
      if (value === undefined) return `signed header ${name} is missing`;
      headers[name] = Array.isArray(value) ? value.join(',') : value;
    }
    const expected = signS3Request({
      method: req.method ?? 'GET',
      host: req.headers.host ?? '',
      path,
      headers,
      payloadHash,
      region: region!,
      credentials: { accessKeyId, secretAccessKey },
      date,
    });
    return expected.signature === signature ? null : 'SignatureDoesNotMatch';
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const rawPath = (req.url ?? '/').split('?')[0]!;
      requests.push(`${method} ${rawPath}`);
      const body = Buffer.concat(chunks);
      let path: string;
      try {
        path = rawPath.split('/').map(decodeURIComponent).join('/');
      } catch {
        return fail(res, method, 400, 'InvalidURI', 'bad path encoding');
      }
      const problem = signatureProblem(req, path, body);
      if (problem) return fail(res, method, 403, 'SignatureDoesNotMatch', problem);
      const [, bucketName, ...rest] = path.split('/');
      if (bucketName !== bucket) return fail(res, method, 404, 'NoSuchBucket', 'no such bucket');
      const key = rest.join('/');
      if (!key) return fail(res, method, 400, 'InvalidRequest', 'object key missing');

      if (method === 'PUT') {
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        objects.set(key, {
          body,
          contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
          etag,
        });
        res.writeHead(200, { etag });
        return res.end();
      }
      if (method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      if (method === 'GET' || method === 'HEAD') {
        const object = objects.get(key);
        if (!object) return fail(res, method, 404, 'NoSuchKey', 'The specified key does not exist.');
        res.writeHead(200, {
          'content-type': object.contentType,
          'content-length': String(object.body.length),
          etag: object.etag,
        });
        return res.end(method === 'HEAD' ? undefined : object.body);
      }
      return fail(res, method, 405, 'MethodNotAllowed', 'method not allowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

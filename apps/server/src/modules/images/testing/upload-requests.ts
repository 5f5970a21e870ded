import type { FastifyInstance } from 'fastify';

export interface FilePart {
  field?: string;
  filename: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser sends it. */
export async function multipartBody(
  files: FilePart[],
  fields: Record<string, string> = {},
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(
      file.field ?? 'file',
      new Blob([new Uint8Array(file.data)], { type: file.type }),
      file.filename,
    );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

export async function uploadImage(
  app: FastifyInstance,
  bucket: string,
  file: FilePart | FilePart[],
  caller: { cookie?: string; ip?: string } = {},
) {
  const { payload, contentType } = await multipartBody(Array.isArray(file) ? file : [file]);
  return app.inject({
    method: 'POST',
    url: `/api/uploads/${bucket}`,
    payload,
    remoteAddress: caller.ip ?? '127.0.0.1',
    headers: { 'content-type': contentType, ...(caller.cookie ? { cookie: caller.cookie } : {}) },
  });
}

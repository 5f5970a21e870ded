import { describe, expect, it } from 'vitest';
import { createS3FileStorage } from './s3-file-storage.js';

// The example bucket, key pair and date of the S3 API reference's signing examples.
const config = {
  driver: 's3' as const,
  bucket: 'examplebucket',
  region: 'us-east-1',
  endpoint: undefined,
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  forcePathStyle: false,
  prefix: 'uploads/',
};
const now = () => new Date('2013-05-24T00:00:00.123Z');

interface SentRequest {
  url: string;
  method: string | undefined;
  headers: Record<string, string>;
}

function recordingStorage(status = 200) {
  const sent: SentRequest[] = [];
  const storage = createS3FileStorage(config, {
    now,
    fetch: async (input, init) => {
      sent.push({
        url: String(input),
        method: init?.method,
        headers: init?.headers as Record<string, string>,
      });
      return new Response(null, { status, headers: { etag: '"e"' } });
    },
  });
  return { storage, sent };
}

/** The parts of an `AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…` header. */
function authorizationParts(header: string | undefined) {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      header ?? '',
    );
  expect(match, header).not.toBeNull();
  return { credential: match![1], signedHeaders: match![2], signature: match![3] };
}

// The expected signatures were computed independently of the driver's signing library.
describe('S3 driver requests', () => {
  it('signs a PUT with its clock, the hash of the body and its type and cache policy', async () => {
    const { storage, sent } = recordingStorage();
    await storage.put('notes/welcome.txt', Buffer.from('Welcome to Amazon S3.'), 'text/plain; charset=utf-8');
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request!.url).toBe('https://examplebucket.s3.us-east-1.amazonaws.com/uploads/notes/welcome.txt');
    expect(request!.method).toBe('PUT');
    expect(request!.headers).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-amz-date': '20130524T000000Z',
      'x-amz-content-sha256': '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
    });
    expect(authorizationParts(request!.headers.authorization)).toEqual({
      credential: 'AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request',
      signedHeaders: 'cache-control;content-type;host;x-amz-content-sha256;x-amz-date',
      signature: 'a9fd2208328145b34d5b08b080e1e65aebc62323ae81ef65e1f7ed2186f53fa3',
    });
  });

  it('signs GET, HEAD and DELETE with the hash of an empty body', async () => {
    const { storage, sent } = recordingStorage();
    await storage.get('notes/welcome.txt');
    await storage.head('notes/welcome.txt');
    await storage.delete('notes/welcome.txt');
    expect(sent.map((request) => request.method)).toEqual(['GET', 'HEAD', 'DELETE']);
    for (const request of sent) {
      expect(request.url).toBe('https://examplebucket.s3.us-east-1.amazonaws.com/uploads/notes/welcome.txt');
      expect(request.headers).toMatchObject({
        'x-amz-date': '20130524T000000Z',
        'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      });
      expect(authorizationParts(request.headers.authorization)).toMatchObject({
        credential: 'AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request',
        signedHeaders: 'host;x-amz-content-sha256;x-amz-date',
      });
    }
    expect(authorizationParts(sent[0]!.headers.authorization).signature).toBe(
      '454b1c32f4bd8532e298322a2ba136272a0d3278fe6476b8461a6f8169c58a66',
    );
  });
});

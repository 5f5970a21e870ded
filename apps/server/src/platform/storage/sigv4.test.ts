import { describe, expect, it } from 'vitest';
import { EMPTY_PAYLOAD_SHA256, amzDate, encodeS3Path, sha256OfBody, signS3Request } from './sigv4.js';

// The worked examples of "Signature Calculations for the Authorization Header" in the
// Amazon S3 API reference (examplebucket, 24 May 2013, the documented example key pair).
const credentials = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};
const date = new Date('2013-05-24T00:00:00Z');

describe('signS3Request', () => {
  it('signs the reference GET Object example', () => {
    const signed = signS3Request({
      method: 'GET',
      host: 'examplebucket.s3.amazonaws.com',
      path: '/test.txt',
      headers: { Range: 'bytes=0-9' },
      payloadHash: EMPTY_PAYLOAD_SHA256,
      region: 'us-east-1',
      credentials,
      date,
    });
    expect(signed.stringToSign.split('\n').at(-1)).toBe(
      '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
    );
    expect(signed.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(signed.headers['x-amz-date']).toBe('20130524T000000Z');
  });

  it('signs the reference PUT Object example, encoding the key', () => {
    const body = Buffer.from('Welcome to Amazon S3.');
    expect(sha256OfBody(body)).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const signed = signS3Request({
      method: 'PUT',
      host: 'examplebucket.s3.amazonaws.com',
      path: '/test$file.text',
      headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      payloadHash: sha256OfBody(body),
      region: 'us-east-1',
      credentials,
      date,
    });
    expect(signed.encodedPath).toBe('/test%24file.text');
    expect(signed.stringToSign.split('\n').at(-1)).toBe(
      '9e0e90d9c76de8fa5b200d8c849cd5b8dc7a3be3951ddb7f6a76b4158342019d',
    );
    expect(signed.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('encodes each path segment the RFC 3986 way and keeps the slashes', () => {
    expect(encodeS3Path("/bucket/a b/(x)!*'.webp")).toBe('/bucket/a%20b/%28x%29%21%2A%27.webp');
    expect(amzDate(new Date('2024-02-29T13:04:05.678Z'))).toBe('20240229T130405Z');
  });
});

import { createHash, createHmac } from 'node:crypto';

/** SHA-256 of an empty body, the payload hash of GET, HEAD and DELETE. */
export const EMPTY_PAYLOAD_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SigningInput {
  method: string;
  /** Host header value, with the port when it is not the scheme's default. */
  host: string;
  /** The path as the server stores it, not yet encoded (`/bucket/avatars/a b.svg`). */
  path: string;
  /** Extra headers to sign and send (names in any case). */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body. */
  payloadHash: string;
  region: string;
  service?: string;
  credentials: SigningCredentials;
  date: Date;
}

export interface SignedRequest {
  /** Encoded path to put in the URL; it is exactly the signed canonical URI. */
  encodedPath: string;
  /** Headers to send (host excluded: the HTTP client sets it from the URL). */
  headers: Record<string, string>;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}

/** RFC 3986 encoding of one path segment, as S3 expects it (unreserved characters stay). */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function encodeS3Path(path: string): string {
  return path.split('/').map(encodeSegment).join('/');
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** `20130524T000000Z` */
export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * AWS Signature Version 4 for S3 requests with the signature in the Authorization header
 * (no query string, single-chunk payload). Checked against the worked examples of the S3 API
 * reference in sigv4.test.ts.
 */
export function signS3Request(input: SigningInput): SignedRequest {
  const service = input.service ?? 's3';
  const timestamp = amzDate(input.date);
  const day = timestamp.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers ?? {})) headers[name.toLowerCase()] = value;
  headers['x-amz-date'] = timestamp;
  headers['x-amz-content-sha256'] = input.payloadHash;

  const signed: Record<string, string> = { ...headers, host: input.host };
  const names = Object.keys(signed).sort();
  const canonicalHeaders = names
    .map((name) => `${name}:${signed[name]!.trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const signedHeaders = names.join(';');
  const encodedPath = encodeS3Path(input.path);
  const canonicalRequest = [
    input.method.toUpperCase(),
    encodedPath,
    '',
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join('\n');

  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', timestamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${input.credentials.secretAccessKey}`, day), input.region), service),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  headers.authorization =
    `AWS4-HMAC-SHA256 Credential=${input.credentials.accessKeyId}/${scope},` +
    `SignedHeaders=${signedHeaders},Signature=${signature}`;
  return { encodedPath, headers, canonicalRequest, stringToSign, signature };
}

export function sha256OfBody(body: Buffer): string {
  return sha256Hex(body);
}

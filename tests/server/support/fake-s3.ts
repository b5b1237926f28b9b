/**
 * A tiny S3 stand-in on loopback for the S3 object store tests: path-style PUT/GET/HEAD of
 * objects kept in memory, and every request's AWS Signature V4 checked with our own
 * implementation of the algorithm (header and presigned-query forms), so a URL the SDK signs
 * wrongly, or a request that changes a signed header, is refused with 403 like S3 would.
 * No internet, no S3-compatible package: it checks what this server relies on, not all of S3.
 */
import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
  tagging: string | undefined;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** Why the signature was refused, or 'ok'. */
  signature: string;
}

export interface FakeS3 {
  endpoint: string;
  objects: Map<string, StoredObject>;
  requests: RecordedRequest[];
  close: () => Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: only A-Z a-z 0-9 - _ . ~ stay as they are. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function signingKey(secret: string, date: string, region: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), 's3'), 'aws4_request');
}

/** Recomputes the SigV4 signature of a request; 'ok' or the reason it does not match. */
export function checkSignature(
  request: {
    method: string;
    path: string;
    query: URLSearchParams;
    headers: http.IncomingHttpHeaders;
  },
  credentials: { accessKeyId: string; secretAccessKey: string },
  region: string,
  now = Date.now(),
): string {
  const header = request.headers.authorization;
  const presigned = request.query.get('X-Amz-Algorithm');
  let credential: string;
  let signedHeaders: string[];
  let signature: string;
  let amzDate: string;
  let payloadHash: string;
  if (header) {
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
        header,
      );
    if (!match) return 'malformed authorization header';
    [, credential, , signature] = match as unknown as [string, string, string, string];
    signedHeaders = match[2]!.split(';');
    amzDate = String(request.headers['x-amz-date'] ?? '');
    payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  } else if (presigned === 'AWS4-HMAC-SHA256') {
    credential = request.query.get('X-Amz-Credential') ?? '';
    signedHeaders = (request.query.get('X-Amz-SignedHeaders') ?? '').split(';');
    signature = request.query.get('X-Amz-Signature') ?? '';
    amzDate = request.query.get('X-Amz-Date') ?? '';
    payloadHash = 'UNSIGNED-PAYLOAD';
    const expires = Number(request.query.get('X-Amz-Expires'));
    const signedAt = Date.parse(
      amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
    );
    if (!(expires > 0) || Number.isNaN(signedAt)) return 'malformed presigned query';
    if (now > signedAt + expires * 1000) return 'expired';
  } else {
    return 'unsigned';
  }
  const [keyId, date, scopeRegion, service, terminator] = credential.split('/');
  if (keyId !== credentials.accessKeyId) return 'unknown access key';
  if (scopeRegion !== region || service !== 's3' || terminator !== 'aws4_request') {
    return 'wrong scope';
  }
  if (!signedHeaders.includes('host')) return 'host not signed';

  const query = [...request.query.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .map((name) => {
      const value = request.headers[name];
      return `${name}:${(Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonicalRequest = [
    request.method,
    request.path,
    query,
    canonicalHeaders,
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const expected = createHmac('sha256', signingKey(credentials.secretAccessKey, date!, region))
    .update(stringToSign)
    .digest('hex');
  return expected === signature ? 'ok' : 'signature mismatch';
}

const xmlError = (code: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`;

export async function startFakeS3(options: {
  bucket: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
}): Promise<FakeS3> {
  const objects = new Map<string, StoredObject>();
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const method = req.method ?? 'GET';
      const signature = checkSignature(
        { method, path: url.pathname, query: url.searchParams, headers: req.headers },
        options.credentials,
        options.region,
      );
      requests.push({
        method,
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        signature,
      });
      const send = (status: number, body = '', headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/xml', ...headers });
        res.end(method === 'HEAD' ? undefined : body);
      };
      if (signature !== 'ok') {
        return send(
          403,
          xmlError(signature === 'expired' ? 'AccessDenied' : 'SignatureDoesNotMatch'),
        );
      }
      const prefix = `/${options.bucket}/`;
      if (!url.pathname.startsWith(prefix)) return send(404, xmlError('NoSuchBucket'));
      const key = decodeURIComponent(url.pathname.slice(prefix.length));
      const body = Buffer.concat(chunks);
      if (method === 'PUT') {
        const bodyHash = req.headers['x-amz-content-sha256'];
        if (bodyHash && bodyHash !== 'UNSIGNED-PAYLOAD' && bodyHash !== sha256(body)) {
          return send(400, xmlError('XAmzContentSHA256Mismatch'));
        }
        objects.set(key, {
          body,
          contentType: req.headers['content-type'],
          tagging: req.headers['x-amz-tagging'] as string | undefined,
        });
        return send(200, '', { etag: `"${createHash('md5').update(body).digest('hex')}"` });
      }
      if (method === 'GET' || method === 'HEAD') {
        const object = objects.get(key);
        if (!object) return send(404, xmlError('NoSuchKey'));
        res.writeHead(200, {
          'content-type':
            url.searchParams.get('response-content-type') ??
            object.contentType ??
            'binary/octet-stream',
          'content-length': String(object.body.length),
          ...(url.searchParams.get('response-content-disposition')
            ? { 'content-disposition': url.searchParams.get('response-content-disposition')! }
            : {}),
        });
        return res.end(method === 'HEAD' ? undefined : object.body);
      }
      return send(405, xmlError('MethodNotAllowed'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A raw HTTP request to a (presigned) URL, as a browser would send it. */
export function rawRequest(
  url: string,
  options: { method: string; headers?: Record<string, string>; body?: Buffer },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method, headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * The S3 object store (OBJECT_STORE=s3; design/architecture.md's scale-out path): `put` =
 * PutObject, `get` = GetObject (undefined on NoSuchKey), `exists` = HeadObject, and presigned
 * URLs so browsers upload and download directly to and from the bucket.
 *
 * The AWS SDK is imported when this store is created, never by the default start (the local
 * store), so a server without S3 does not pay for loading it.
 *
 * Presigned PUT, compared with this server's own PUT /storage (put-route.ts), see README.md:
 * - Content-Type and the tagging header are signed headers: the client must send exactly
 *   `application/pdf` and the `awsS3Tag` it was given, or S3 answers 403.
 * - Expiry is S3's `X-Amz-Expires` (UPLOAD_URL_TTL_SECONDS).
 * - Size: a presigned PUT cannot carry a `content-length-range` (only a POST policy can), so the
 *   2 MB limit is checked with HeadObject when the CV is patched (storage/direct-upload.ts).
 * - Single use: S3 accepts a second PUT to the same URL until it expires. Every URL names a new
 *   key, and the key is confirmed once, when the CV is patched.
 */
import { isObjectKey, type ObjectStore } from './object-store';
import { contentDisposition } from './get-route';

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, a test server); empty: AWS's own for the region. */
  endpoint?: string;
  /** Path-style URLs (`<endpoint>/<bucket>/<key>`), which most S3-compatible servers need. */
  forcePathStyle?: boolean;
  /** Explicit credentials (tests); otherwise the SDK's default chain (env, profile, role). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

function checkedKey(key: string): string {
  if (!isObjectKey(key)) throw new Error('invalid object key');
  return key;
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

export function s3Origin(options: Pick<S3StoreOptions, 'bucket' | 'region' | 'endpoint'>) {
  return options.endpoint
    ? new URL(options.endpoint).origin
    : `https://${options.bucket}.s3.${options.region}.amazonaws.com`;
}

export async function createS3ObjectStore(options: S3StoreOptions): Promise<ObjectStore> {
  const s3 = await import('@aws-sdk/client-s3');
  const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
  const Bucket = options.bucket;
  const client = new s3.S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    // Checksums only where S3 requires them: otherwise a presigned PUT would carry the CRC32 of
    // an empty body, and S3 would refuse the real file (and S3-compatible servers often lack
    // the newer checksum headers).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });

  async function size(key: string): Promise<number | undefined> {
    try {
      const head = await client.send(new s3.HeadObjectCommand({ Bucket, Key: checkedKey(key) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  return {
    async put(key, bytes, contentType) {
      await client.send(
        new s3.PutObjectCommand({
          Bucket,
          Key: checkedKey(key),
          Body: bytes,
          ContentType: contentType,
        }),
      );
    },
    async get(key) {
      try {
        const out = await client.send(new s3.GetObjectCommand({ Bucket, Key: checkedKey(key) }));
        if (!out.Body) return undefined;
        return Buffer.from(await out.Body.transformToByteArray());
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async exists(key) {
      return (await size(key)) !== undefined;
    },
    direct: {
      origin: s3Origin(options),
      size,
      uploadUrl(key, { contentType, tagging, expiresInSeconds }) {
        const command = new s3.PutObjectCommand({
          Bucket,
          Key: checkedKey(key),
          ContentType: contentType,
          Tagging: tagging,
        });
        return getSignedUrl(client, command, {
          expiresIn: expiresInSeconds,
          // Signed headers, not query parameters: the client sends them (spec §7 "optional
          // headers") and S3 refuses the PUT when they differ.
          signableHeaders: new Set(['content-type']),
          unhoistableHeaders: new Set(['x-amz-tagging']),
        });
      },
      downloadUrl(key, { fileName, expiresInSeconds }) {
        const command = new s3.GetObjectCommand({
          Bucket,
          Key: checkedKey(key),
          ResponseContentType: 'application/pdf',
          ResponseContentDisposition: contentDisposition(fileName),
          ResponseCacheControl: 'private, no-store',
        });
        return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
      },
    },
  };
}

/**
 * Picks the object store from configuration: the local folder (default) or S3 (OBJECT_STORE=s3,
 * see README.md). The AWS SDK is only imported when the S3 store is created.
 */
import path from 'node:path';
import type { ServerConfig } from '../config';
import { createLocalObjectStore } from './local-object-store';
import type { ObjectStore } from './object-store';
import { createS3ObjectStore, s3Origin } from './s3-object-store';

type StoreConfig = Pick<
  ServerConfig,
  'DATA_DIR' | 'OBJECT_STORE' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_FORCE_PATH_STYLE'
>;

export async function createObjectStore(config: StoreConfig): Promise<ObjectStore> {
  if (config.OBJECT_STORE === 'local') {
    return createLocalObjectStore(path.join(config.DATA_DIR, 'objects'));
  }
  return createS3ObjectStore({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT || undefined,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}

/** Origins the browser must reach for uploads and downloads (the CSP's connect-src). */
export function storageConnectSrc(config: StoreConfig): string[] {
  if (config.OBJECT_STORE === 'local') return [];
  return [
    s3Origin({ bucket: config.S3_BUCKET, region: config.S3_REGION, endpoint: config.S3_ENDPOINT }),
  ];
}

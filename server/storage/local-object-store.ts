/**
 * The embedded object store: one file per object under DATA_DIR/objects, mirroring the key's
 * folders. Writes go to a temporary file first and are renamed into place, so a reader never sees
 * half a CV and a crash mid-write leaves no truncated object behind.
 *
 * An S3 store plugs in by implementing the same ObjectStore interface (put = PutObject, get =
 * GetObject, exists = HeadObject) and being selected in storage/select-store.ts.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isObjectKey, type ObjectStore } from './object-store';

export function createLocalObjectStore(rootDir: string): ObjectStore {
  const root = path.resolve(rootDir);
  const fileOf = (key: string) => {
    if (!isObjectKey(key)) throw new Error('invalid object key');
    return path.join(root, ...key.split('/'));
  };
  const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async exists(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}

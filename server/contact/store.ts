/**
 * Where corporate contact requests are kept: one JSON object per line in
 * `DATA_DIR/contact-requests.jsonl`, appended, never rewritten.
 *
 * Why a file and not a table: the database schema belongs to its own work stream and these
 * requests are read by people (sales), not by the app; an append-only JSON-lines file is durable,
 * greppable and trivially imported into a table later (docs/decisions.md, "Contact requests").
 * Appends are serialised through one promise chain so concurrent requests never interleave lines.
 */
import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ContactRequest } from '../../src/domain/contract/contact';

export interface StoredContactRequest extends ContactRequest {
  id: string;
  receivedAt: string;
}

export const CONTACT_REQUESTS_FILE = 'contact-requests.jsonl';

export function createContactStore(dataDir: string) {
  const file = path.resolve(dataDir, CONTACT_REQUESTS_FILE);
  let queue: Promise<unknown> = Promise.resolve();

  return {
    file,
    async append(request: ContactRequest): Promise<StoredContactRequest> {
      const stored: StoredContactRequest = {
        id: randomUUID(),
        receivedAt: new Date().toISOString(),
        ...request,
      };
      const write = queue.then(async () => {
        await mkdir(path.dirname(file), { recursive: true });
        await appendFile(file, `${JSON.stringify(stored)}\n`, 'utf8');
      });
      // A failed write must not block the ones after it.
      queue = write.catch(() => undefined);
      await write;
      return stored;
    },
    async readAll(): Promise<StoredContactRequest[]> {
      try {
        const text = await readFile(file, 'utf8');
        return text
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as StoredContactRequest);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    },
  };
}

export type ContactStore = ReturnType<typeof createContactStore>;

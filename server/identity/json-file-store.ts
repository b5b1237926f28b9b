/**
 * A small JSON file of records per user, for what the stand-in keeps beside cognito-local's pool
 * file (passkeys, remembered devices). It lives in the identity `db/` folder, so a reseed
 * (`writeSeedData`) clears it with the users it belongs to. Read once at start, written whole on
 * every change: a handful of records per user, local runs and tests only.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class JsonFileStore<Item> {
  private readonly byUser: Record<string, Item[]>;
  private readonly file: string;

  constructor(dbDir: string, name: string) {
    this.file = path.join(dbDir, `${name}.json`);
    this.byUser = existsSync(this.file)
      ? (JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, Item[]>)
      : {};
  }

  list(username: string): Item[] {
    return [...(this.byUser[username] ?? [])];
  }

  replace(username: string, items: readonly Item[]): void {
    if (items.length === 0) delete this.byUser[username];
    else this.byUser[username] = [...items];
    // Whole-file write through a temporary name: a crash mid-write leaves the old file.
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.byUser, null, 2));
    renameSync(temporary, this.file);
  }
}

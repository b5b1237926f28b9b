// @vitest-environment node
/**
 * The import rules of eslint.config.js really bite (issue 15 part 4): each case lints a small
 * piece of code under a made-up file path in the real tree, with the project's own config, and
 * expects the rule that encodes the architecture's import rule to report it. A config change that
 * silently disarms a rule (a later block replacing an earlier one, a resolver that no longer
 * follows .ts files) fails here.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// The first lint loads the plugins and the TypeScript resolver (seconds on a busy machine).
const SLOW = 60_000;

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({
    cwd: ROOT,
    // The made-up files are in no tsconfig's program: lint them without type information (the
    // import rules resolve paths themselves and need none).
    overrideConfig: [{ files: ['**/lint-fixture*.ts'], ...tseslint.configs.disableTypeChecked }],
  });
});

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('feature boundaries', () => {
  it(
    'a relative import of another feature’s internals fails',
    async () => {
      const ids = await ruleIds(
        "import { SavedJobsPage } from '../saved-jobs/saved-jobs-page';\nexport const page = SavedJobsPage;\n",
        'src/features/jobs/lint-fixture.ts',
      );
      expect(ids).toContain('import-x/no-restricted-paths');
    },
    SLOW,
  );

  it(
    'a dynamic import of another feature’s internals fails',
    async () => {
      const ids = await ruleIds(
        // (the alias form is caught as well: see src/features/shell/header.tsx before issue 15)
        "export const load = () => import('../outbox-status/pending-actions');\n",
        'src/features/shell/lint-fixture.ts',
      );
      expect(ids).toContain('import-x/no-restricted-paths');
    },
    SLOW,
  );

  it(
    'shared code (lib, domain) importing a feature fails, even by a relative path',
    async () => {
      const fromLib = await ruleIds(
        "import { SavedJobsPage } from '../../features/saved-jobs';\nexport const page = SavedJobsPage;\n",
        'src/lib/toast/lint-fixture.ts',
      );
      expect(fromLib).toContain('import-x/no-restricted-paths');
      const fromDomain = await ruleIds(
        "import { config } from '../lib/config';\nexport const c = config;\n",
        'src/domain/lint-fixture.ts',
      );
      expect(fromDomain).toContain('import-x/no-restricted-paths');
    },
    SLOW,
  );

  it(
    'importing a feature through its index is allowed',
    async () => {
      const ids = await ruleIds(
        "import { SavedJobsPage } from '../saved-jobs';\nexport const page = SavedJobsPage;\n",
        'src/features/jobs/lint-fixture.ts',
      );
      expect(ids).toEqual([]);
    },
    SLOW,
  );
});

describe('one way in for each outside library', () => {
  it(
    'Dexie imported outside src/lib/db fails, in lib/ and workers/ too',
    async () => {
      const code = "import { Dexie } from 'dexie';\nexport const D = Dexie;\n";
      for (const path of [
        'src/features/jobs/lint-fixture.ts',
        'src/lib/outbox/lint-fixture.ts',
        'src/workers/lint-fixture.ts',
      ]) {
        expect(await ruleIds(code, path), path).toContain('no-restricted-imports');
      }
      expect(await ruleIds(code, 'src/lib/db/lint-fixture.ts')).toEqual([]);
    },
    SLOW,
  );

  it(
    'aws-amplify outside src/lib/auth fails, in lib/ too',
    async () => {
      const code = "import { Amplify } from 'aws-amplify';\nexport const A = Amplify;\n";
      expect(await ruleIds(code, 'src/lib/db/lint-fixture.ts')).toContain('no-restricted-imports');
      expect(await ruleIds(code, 'src/lib/auth/lint-fixture.ts')).toEqual([]);
    },
    SLOW,
  );
});

describe('cycles', () => {
  let dir: string;
  beforeAll(() => {
    // Two real files (the resolver follows imports on disk), removed after the test.
    dir = mkdtempSync(join(ROOT, 'tests/unit/lint-cycle-'));
    writeFileSync(
      join(dir, 'lint-fixture-a.ts'),
      "import { b } from './lint-fixture-b';\nexport const a = () => b();\n",
    );
    writeFileSync(
      join(dir, 'lint-fixture-b.ts'),
      "import { a } from './lint-fixture-a';\nexport const b = () => a;\n",
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'a two-file import cycle fails',
    async () => {
      const file = join(dir, 'lint-fixture-a.ts');
      const [result] = await eslint.lintFiles([relative(ROOT, file)]);
      expect(result?.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
    },
    SLOW,
  );
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Rollup } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFERRED_GUARDS, guardedPrecache, routePathOf } from '../../scripts/guarded-precache';

// A real Vite build shaped like the app: an entry with a shared module, the jobs listing (a page
// everyone may open), the corporate jobs page (with a lazy editor and a stylesheet of its own)
// and the admin users page, the last two sharing a module nobody else imports.
let dir: string;
let output: Rollup.OutputBundle;
let tags: Map<string, string[]>;

const fileOf = (source: string) => {
  const chunk = Object.values(output).find(
    (item): item is Rollup.OutputChunk =>
      item.type === 'chunk' && item.moduleIds.some((id) => id.endsWith(source)),
  );
  if (!chunk) throw new Error(`no chunk for ${source}`);
  return chunk;
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'rh-guarded-'));
  const file = (name: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  };
  file('index.html', '<!doctype html><script type="module" src="/main.ts"></script>');
  file(
    'main.ts',
    [
      "import { shared } from './shared';",
      "console.log(shared(), import('./src/routes/jobs/index'),",
      "  import('./src/routes/v1/corporate/jobs/index'), import('./src/routes/v1/admin/users'));",
    ].join('\n'),
  );
  file('shared.ts', 'export const shared = () => Date.now();\n');
  file('both.ts', 'export const both = () => Date.now() + 1;\n');
  file('editor.ts', 'export const editor = () => Date.now() + 2;\n');
  file(
    'src/routes/jobs/index.ts',
    "import { shared } from '../../../shared';\nexport const page = () => shared() + 3;\n",
  );
  file(
    'src/routes/v1/corporate/jobs/index.ts',
    [
      "import { shared } from '../../../../../shared';",
      "import { both } from '../../../../../both';",
      "import './corporate.css';",
      "export const page = () => [shared(), both(), import('../../../../../editor')];",
    ].join('\n'),
  );
  file('src/routes/v1/corporate/jobs/corporate.css', '.corporate { color: teal; }\n');
  file(
    'src/routes/v1/admin/users.ts',
    "import { both } from '../../../../both';\nexport const page = () => both() + 4;\n",
  );
  const guarded = guardedPrecache();
  const result = (await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [guarded.plugin],
    build: { write: false, modulePreload: { polyfill: false } },
  })) as Rollup.RollupOutput;
  output = Object.fromEntries(result.output.map((item) => [item.fileName, item]));
  // What the plugin saw, read back through the manifest transform, as the precache gets it.
  const entries = Object.keys(output).map((url) => ({ url, revision: null, size: 1 }));
  tags = new Map(
    guarded
      .manifestTransform(entries)
      .manifest.flatMap((entry) =>
        'guards' in entry ? [[entry.url, entry.guards as string[]] as const] : [],
      ),
  );
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the precache entries only corporate, admin and evaluator pages need', () => {
  it('are the pages of the route guard that a candidate cannot open', () => {
    expect([...DEFERRED_GUARDS]).toEqual(
      expect.arrayContaining(['/v1/corporate/jobs', '/v1/admin/users', '/v1/evaluator/queue']),
    );
    expect(DEFERRED_GUARDS.has('/v1/candidate/profile')).toBe(false);
    expect(DEFERRED_GUARDS.has('/v1/employee/profile')).toBe(false); // anyone may refer
  });

  it('reads a route file as the path its guard names', () => {
    expect(routePathOf('/w/src/routes/v1/corporate/jobs/index.tsx?tsr-split=component')).toBe(
      '/v1/corporate/jobs',
    );
    expect(routePathOf('/w/src/routes/v1/corporate/jobs/$jobId/edit.tsx')).toBe(
      '/v1/corporate/jobs/$jobId/edit',
    );
    expect(routePathOf('/w/src/routes/index.tsx')).toBe('/');
    expect(routePathOf('/w/src/features/jobs/page.tsx')).toBeNull();
  });

  it('tags each file only those pages load with the pages that load it', () => {
    const corporate = fileOf('src/routes/v1/corporate/jobs/index.ts');
    const admin = fileOf('src/routes/v1/admin/users.ts');
    expect(tags.get(corporate.fileName)).toEqual(['/v1/corporate/jobs']);
    expect(tags.get(admin.fileName)).toEqual(['/v1/admin/users']);
    // What the corporate page loads later, and its stylesheet.
    expect(tags.get(fileOf('editor.ts').fileName)).toEqual(['/v1/corporate/jobs']);
    const css = [...(corporate.viteMetadata?.importedCss ?? [])];
    expect(css).toHaveLength(1);
    expect(tags.get(css[0]!)).toEqual(['/v1/corporate/jobs']);
    // Shared by two guarded pages: either user needs it.
    expect(tags.get(fileOf('both.ts').fileName)?.sort()).toEqual([
      '/v1/admin/users',
      '/v1/corporate/jobs',
    ]);
  });

  it('leaves untagged what any visitor loads, though a guarded page loads it too', () => {
    expect(tags.has(fileOf('main.ts').fileName)).toBe(false);
    expect(tags.has(fileOf('shared.ts').fileName)).toBe(false);
    expect(tags.has(fileOf('src/routes/jobs/index.ts').fileName)).toBe(false);
    expect(tags.has('index.html')).toBe(false);
    expect(tags.size).toBe(5);
  });
});

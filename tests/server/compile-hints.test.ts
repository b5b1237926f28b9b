import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Rollup } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHintsPlugin, MIN_HINTED_BYTES } from '../../scripts/compile-hints';

// A real Vite build of a small app shaped like ours: an HTML entry, a large and a small chunk it
// imports statically, and a lazily imported one.
let dir: string;
let chunks: Rollup.OutputChunk[];

const chunkFrom = (source: string) => {
  const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(source)));
  if (!chunk) throw new Error(`no chunk for ${source}`);
  return chunk;
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'rh-hints-'));
  const file = (name: string, text: string) => writeFileSync(path.join(dir, name), text);
  file('index.html', '<!doctype html><script type="module" src="/main.js"></script>');
  // Functions enough to pass MIN_HINTED_BYTES once minified, each kept by what it returns.
  const bulk = (prefix: string) =>
    Array.from(
      { length: 150 },
      (_, i) => `export const ${prefix}${i} = (v) => [v, ${i}, Date.now()];`,
    ).join('\n');
  file('main-bulk.js', bulk('main'));
  file(
    'main.js',
    "import * as own from './main-bulk.js';\nimport * as shared from './shared.js';\n" +
      "import { tiny } from './tiny.js';\nconst all = [...Object.values(own), ...Object.values(shared)];\n" +
      "console.log(all.map((f) => f(import('./lazy.js'))), tiny);\n",
  );
  file('shared.js', bulk('shared'));
  file('tiny.js', 'export const tiny = () => Date.now();\n');
  // Its stylesheet is what Vite's preload list, the entry's first line, is for.
  file('lazy.js', `import './lazy.css';\n${bulk('lazy')}`);
  file('lazy.css', 'p { color: red; }\n');
  const output = (await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [compileHintsPlugin()],
    build: {
      write: false,
      modulePreload: { polyfill: false },
      // A chunk of its own, as vite.config.ts groups React.
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: 'shared', test: /shared/ },
              { name: 'tiny', test: /tiny/ },
            ],
          },
        },
      },
    },
  })) as Rollup.RollupOutput;
  chunks = output.output.filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('compile hints (issue 24)', () => {
  it('starts the entry and what it imports statically with the hint, as their first line', () => {
    const entry = chunkFrom('index.html');
    // Vite puts its own line first in an entry with lazy imports: the hint must still lead.
    expect(entry.code).toContain('__vite__mapDeps');
    expect(entry.code.split('\n')[0]).toBe(COMPILE_HINT);
    const shared = chunkFrom('shared.js');
    expect(shared).not.toBe(entry);
    expect(shared.code.length).toBeGreaterThan(MIN_HINTED_BYTES);
    expect(shared.code.split('\n')[0]).toBe(COMPILE_HINT);
  });

  it('leaves lazily loaded chunks and small ones to lazy compilation, and hints nothing twice', () => {
    expect(chunkFrom('lazy.js').code.length).toBeGreaterThan(MIN_HINTED_BYTES);
    expect(chunkFrom('lazy.js').code).not.toContain(COMPILE_HINT);
    expect(chunkFrom('tiny.js')).not.toBe(chunkFrom('index.html'));
    expect(chunkFrom('tiny.js').code).not.toContain(COMPILE_HINT);
    for (const chunk of chunks) {
      expect(chunk.code.split(COMPILE_HINT).length, chunk.fileName).toBeLessThanOrEqual(2);
    }
  });
});

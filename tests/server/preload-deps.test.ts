import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preloadDeps } from '../../scripts/preload-deps';

// A real Vite build of a small app shaped like ours: an HTML entry importing a shared chunk
// statically (as ours does React and the router), a lazy chunk that imports it too and a chunk of
// its own, and lazily imports another that does the same.
let dir: string;

const chunkFrom = (chunks: Rollup.OutputChunk[], source: string) => {
  const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(source)));
  if (!chunk) throw new Error(`no chunk for ${source}`);
  return chunk;
};

/** The files a chunk's preload list names (Vite's `__vite__mapDeps` line). */
const preloadListOf = (chunk: Rollup.OutputChunk) => {
  const list = /m\.f=(\[[^\]]*\])/.exec(chunk.code)?.[1];
  return list ? (JSON.parse(list) as string[]).map((file) => path.basename(file)) : [];
};

async function buildApp(plugins: Plugin[], modulePreload: object): Promise<Rollup.OutputChunk[]> {
  const output = (await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: {
      write: false,
      modulePreload: { polyfill: false, ...modulePreload },
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: 'shared', test: /shared/ },
              { name: 'other', test: /other\.js/ },
              { name: 'later-own', test: /later-own/ },
            ],
          },
        },
      },
    },
  })) as Rollup.RollupOutput;
  return output.output.filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'rh-preload-'));
  const file = (name: string, text: string) => writeFileSync(path.join(dir, name), text);
  file('index.html', '<!doctype html><script type="module" src="/main.js"></script>');
  file(
    'main.js',
    "import { shared } from './shared.js';\nconsole.log(shared(), import('./lazy.js'));\n",
  );
  file('shared.js', 'export const shared = () => Date.now();\n');
  file('other.js', 'export const other = () => Date.now() + 1;\n');
  file('later-own.js', 'export const laterOwn = () => Date.now() + 2;\n');
  file(
    'lazy.js',
    "import { shared } from './shared.js';\nimport { other } from './other.js';\n" +
      "export const lazy = () => [shared(), other(), import('./later.js')];\n",
  );
  file(
    'later.js',
    "import { shared } from './shared.js';\nimport { laterOwn } from './later-own.js';\n" +
      'export const later = () => [shared(), laterOwn()];\n',
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('preload lists (issue 24)', () => {
  it("leave out the entry's own files and keep the ones the lazy chunk brings", async () => {
    const preload = preloadDeps();
    const chunks = await buildApp([preload.plugin], {
      resolveDependencies: preload.resolveDependencies,
    });
    const name = (source: string) => chunkFrom(chunks, source).fileName.replace(/^.*\//, '');
    // The entry's list for the lazy chunk: the lazy chunk and its own import, not the shared one.
    expect(preloadListOf(chunkFrom(chunks, 'index.html'))).toEqual([
      name('lazy.js'),
      name('other.js'),
    ]);
    // The lazy chunk's list for the next one: neither the entry nor what it imports.
    expect(preloadListOf(chunkFrom(chunks, 'lazy.js'))).toEqual([
      name('later.js'),
      name('later-own.js'),
    ]);
  });

  it('are as Vite writes them without it: the entry and its files named in every lazy chunk', async () => {
    const chunks = await buildApp([], {});
    const name = (source: string) => chunkFrom(chunks, source).fileName.replace(/^.*\//, '');
    expect(preloadListOf(chunkFrom(chunks, 'lazy.js'))).toEqual(
      expect.arrayContaining([name('later.js'), name('later-own.js'), name('shared.js')]),
    );
  });
});

/**
 * V8's explicit compile hint (Chrome 136+, https://v8.dev/blog/explicit-compile-hints) on the
 * larger scripts every page runs as it loads: the app's entries and what they import statically
 * (React DOM, the router, the shell). `//# allFunctionsCalledOnLoad` as a file's first line has V8
 * compile all of its functions on a background thread while the file streams in; without it, each
 * function is compiled on the main thread when first called, in the middle of the entry's one long
 * evaluation task (issue 24: Lighthouse's total blocking time). Route chunks and lazily loaded
 * features are left to V8's own lazy compilation: much of them never runs on a given page.
 * Measured in docs/decisions.md "First-load budgets".
 */
import type { Plugin } from 'vite';
import { chunksOf, staticImportClosure } from './static-imports';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
/**
 * The hint costs ~30 B gzip per file on a first visit (`/` is at its 120 KB budget): files smaller
 * than this have too little to compile to be worth it (the build's ten small start-up chunks, each
 * under 2 KB, against React DOM's 280 KB, the router's 60 KB and React's 8 KB).
 */
export const MIN_HINTED_BYTES = 4096;

export function compileHintsPlugin(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite's own line at a chunk's start (its preload list): V8 reads the hint only as
      // the file's first line (measured: on the second line, the entry's functions were still
      // compiled one by one on the main thread).
      order: 'post',
      handler(_options, bundle) {
        const chunks = chunksOf(bundle);
        const entries = Object.keys(chunks).filter((name) => chunks[name]?.isEntry);
        for (const name of staticImportClosure(chunks, entries)) {
          const chunk = chunks[name]!;
          if (chunk.code.length < MIN_HINTED_BYTES) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          // One generated line more, with nothing mapped on it.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        }
      },
    },
  };
}

/**
 * The class names each CSS module got in this build, written to `.vite/css-modules.json` beside
 * Vite's manifest (issue 24 item 5). The server writes a signed-out visitor's first screen of
 * `/jobs` and of a job page into the HTML it sends (server/http/first-screen.ts) with the app's
 * own stylesheets, so it needs the names the build gave the classes (`_card_1lnob_1`, and for a
 * class that `composes` others, all of them). postcss-modules reports them per file through
 * `css.modules.getJSON`; the plugin keeps them by the file's path from the project root and
 * emits them once the bundle is written. Not served to browsers (a dot folder) nor precached.
 */
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

export const CSS_MODULE_MAP_FILE = '.vite/css-modules.json';

/** `src/features/jobs/components/job-card.module.css` → its classes as the app uses them. */
export type CssModuleMap = Record<string, Record<string, string>>;

export function cssModuleMap() {
  const map: CssModuleMap = {};
  let root = process.cwd();
  /** For `css.modules.getJSON`. */
  const getJSON = (cssFileName: string, classes: Record<string, string>) => {
    const file = path.relative(root, cssFileName.split('?')[0]!).split(path.sep).join('/');
    map[file] = classes;
  };
  const plugin: Plugin = {
    name: 'referralhub:css-module-map',
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      root = config.root;
    },
    generateBundle() {
      // The service worker's and the scoring worker's builds have no CSS modules.
      if (Object.keys(map).length === 0) return;
      const sorted = Object.fromEntries(Object.entries(map).sort(([a], [b]) => a.localeCompare(b)));
      this.emitFile({
        type: 'asset',
        fileName: CSS_MODULE_MAP_FILE,
        source: JSON.stringify(sorted),
      });
    },
  };
  return { getJSON, plugin };
}

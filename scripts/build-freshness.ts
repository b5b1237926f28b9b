/**
 * Is dist/ older than its sources? `npm start` rebuilds only then, so a second start is instant
 * and a start after `git pull` never serves a stale app.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = [
  'src',
  'sw',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'scripts/web-manifest.ts',
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function isBuildStale(root: string, distDir: string): boolean {
  const builtIndex = path.join(root, distDir, 'index.html');
  const builtSw = path.join(root, distDir, 'sw.js');
  if (!existsSync(builtIndex) || !existsSync(builtSw)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > builtAt);
}

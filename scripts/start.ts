/**
 * `npm start`: build the PWA if dist/ is missing or older than its sources, then start the
 * server (which serves the app, the API and everything it needs) and print its URL.
 */
import { spawnSync } from 'node:child_process';
import { isBuildStale } from './build-freshness';

const root = process.cwd();
const distDir = process.env.DIST_DIR ?? 'dist';

if (isBuildStale(root, distDir)) {
  console.log('Building the app (dist/ is missing or older than its sources)…');
  const result = spawnSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir'], {
    stdio: 'inherit',
    cwd: root,
  });
  if (result.status !== 0) {
    console.error('The build failed; see the errors above.');
    process.exit(result.status ?? 1);
  }
} else {
  console.log('dist/ is up to date; skipping the build.');
}

await import('../server/main');

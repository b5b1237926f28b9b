import { existsSync } from 'node:fs';
import { startServer } from '../../scripts/lib/server-process';

/**
 * Serves the production build from the real server for every spec: dist/ (made by
 * `npm run build` in `npm run test:e2e`), or E2E_DIST_DIR when set (a private build, so a
 * rebuild elsewhere cannot change the app under a running test). Specs that need their own
 * server (the update flow) start one.
 */
export default async function globalSetup() {
  const dist = process.env.E2E_DIST_DIR ?? 'dist';
  if (!existsSync(`${dist}/index.html`) || !existsSync(`${dist}/sw.js`)) {
    throw new Error(`${dist}/ has no build. Run the browser tests with: npm run test:e2e`);
  }
  const server = await startServer(dist);
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
  };
}

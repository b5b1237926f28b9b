import { existsSync } from 'node:fs';
import { startServer } from '../../scripts/lib/server-process';

/**
 * Serves the production build (dist/, made by `npm run build` in `npm run test:e2e`) from the
 * real server for every spec. Specs that need their own server (the update flow) start one.
 */
export default async function globalSetup() {
  for (const dir of ['dist', 'dist-e2e-next']) {
    if (!existsSync(`${dir}/index.html`) || !existsSync(`${dir}/sw.js`)) {
      throw new Error(`${dir}/ has no build. Run the browser tests with: npm run test:e2e`);
    }
  }
  const server = await startServer('dist');
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
  };
}

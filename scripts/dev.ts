/**
 * `npm run dev`: the API server (restarting on change) and Vite's dev server with hot reload,
 * which proxies /api, /jobs-api and /storage to it. The service worker is not active under
 * Vite's dev server (stack-notes): test offline behaviour against `npm start`.
 */
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT ?? '8080';
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, NODE_ENV: 'development', DIST_DIR: '.no-dist' },
  }),
  spawn('npx', ['vite'], {
    stdio: 'inherit',
    env: { ...process.env, DEV_API_TARGET: `http://localhost:${apiPort}` },
  }),
];

function stopAll(code: number) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

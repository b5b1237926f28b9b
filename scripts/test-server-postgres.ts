/**
 * Runs the server suite on a real Postgres (issue 25 part 3): the scale-out path (many server
 * processes on one Postgres) is tested on every `npm test`, not only when someone sets
 * DATABASE_URL by hand. The throw-away cluster (scripts/lib/throwaway-postgres.ts: Debian's
 * `postgresql`, installed when missing, initdb in a temporary folder, a free loopback port) is
 * removed again however the run ends (success, failure, Ctrl-C, SIGTERM).
 *
 * Extra arguments go to vitest: `npm run test:server:postgres -- tests/server/jobs-api.test.ts`.
 */
import { spawn } from 'node:child_process';
import { throwawayPostgres } from './lib/throwaway-postgres';

let postgres: ReturnType<typeof throwawayPostgres>;
try {
  // Durability is pointless for a cluster deleted after the run; these make writes cheap.
  postgres = throwawayPostgres({
    settings: ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'],
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

let vitest: ReturnType<typeof spawn> | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    vitest?.kill(signal);
    // Asynchronous, so the event loop stays free (tsx kills a child that does not answer its
    // relayed signal).
    void postgres.stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

let exitCode = 1;
try {
  const startedAt = performance.now();
  const running = await postgres.start();
  const url = await running.createDatabase('rh');
  console.log(
    `${running.version} on 127.0.0.1:${running.port} (${running.folder}), ready in ` +
      `${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
  );
  vitest = spawn(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--project', 'server', ...process.argv.slice(2)],
    { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url } },
  );
  const child = vitest;
  exitCode = await new Promise<number>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await postgres.stop();
}
process.exit(exitCode);

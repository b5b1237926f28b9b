/**
 * The browser tests drive Debian's Chromium (Playwright cannot download its own browsers here).
 * If it is missing, install it with apt-get when running as root (CI, fresh machines); otherwise
 * stop with the exact command to run. Never skips silently.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

import { chromiumPath } from './lib/chromium';

function versionOf(path: string): string {
  return execFileSync(path, ['--version'], { encoding: 'utf8' }).trim();
}

if (existsSync(chromiumPath)) {
  console.log(`Chromium: ${versionOf(chromiumPath)} (${chromiumPath})`);
} else {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Chromium is not installed at ${chromiumPath}.\n` +
        'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
        'or point CHROMIUM_PATH at a Chromium/Chrome binary.',
    );
    process.exit(1);
  }
  console.log('Chromium is missing: installing Debian chromium with apt-get…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed (exit ${result.status}).`);
      process.exit(1);
    }
  }
  if (!existsSync(chromiumPath)) {
    console.error(`apt-get finished but ${chromiumPath} does not exist.`);
    process.exit(1);
  }
  console.log(`Chromium: ${versionOf(chromiumPath)}`);
}

/**
 * The browser tests, and the unit tests that open a page, drive Debian's Chromium (Playwright
 * cannot download its own browsers here). Run before both. If it is missing, install it with
 * apt-get when running as root (CI, fresh machines); otherwise stop with the exact command to
 * run. Never skips silently.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

import { ensureAptPackage } from './lib/apt-package';
import { chromiumPath } from './lib/chromium';

const path = ensureAptPackage({
  aptPackage: 'chromium',
  label: `Chromium (${chromiumPath})`,
  find: () => (existsSync(chromiumPath) ? chromiumPath : undefined),
  alternative: 'or point CHROMIUM_PATH at a Chromium/Chrome binary.',
});
console.log(
  `Chromium: ${execFileSync(path, ['--version'], { encoding: 'utf8' }).trim()} (${path})`,
);

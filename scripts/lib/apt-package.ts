/**
 * The test script's tools that npm cannot bring (Chromium, Postgres) come from Debian. When one
 * is missing: install it with apt-get when running as root (CI, fresh machines), otherwise stop
 * with the exact command to run. Never skips silently.
 */
import { spawnSync } from 'node:child_process';

export const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

export interface AptRequirement {
  /** Debian package name, e.g. 'chromium' or 'postgresql'. */
  aptPackage: string;
  /** What the tests need, for messages ("Chromium", "Postgres"). */
  label: string;
  /** Finds the installed tool: its path, or undefined when missing. */
  find: () => string | undefined;
  /** Another way out for a non-root user, shown after the apt-get command. */
  alternative?: string;
}

/** Returns the tool's path, installing the package first if needed; exits the process if it cannot. */
export function ensureAptPackage({ aptPackage, label, find, alternative }: AptRequirement): string {
  const found = find();
  if (found) return found;
  if (!isRoot) {
    console.error(
      `${label} is not installed.\n` +
        `Install it with:  sudo apt-get update && sudo apt-get install -y ${aptPackage}\n` +
        (alternative ? `${alternative}\n` : ''),
    );
    process.exit(1);
  }
  console.log(`${label} is missing: installing Debian ${aptPackage} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', aptPackage],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed (exit ${result.status}).`);
      process.exit(1);
    }
  }
  const installed = find();
  if (!installed) {
    console.error(`apt-get installed ${aptPackage} but ${label} still cannot be found.`);
    process.exit(1);
  }
  return installed;
}

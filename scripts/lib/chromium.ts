/** How Chromium is launched here (stack-notes, "Browser tests"): Debian's build, as root, with
 * no sandbox and none of the background network traffic this closed network would refuse. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

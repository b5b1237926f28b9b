/** How Chromium is launched here (stack-notes, "Browser tests"): Debian's build, as root, with
 * no sandbox and none of the background network traffic this closed network would refuse. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Browser features turned off. The address bar's popup is a web page (WebUI) in Chromium 15x: each
 * new window, which every journey's browser context is, loads it in a renderer of its own, ~0.5 s
 * of CPU per context on this machine's two cores, taken from the app under test and its server.
 * A headless browser never shows it. Off, 24 journeys (session, shell, listings) ran in 2.0-2.2
 * min instead of 2.7-2.9 (two runs each, session 30).
 */
const QUIET_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

/**
 * Playwright's own `--disable-features` (playwright-core 1.65, chromiumSwitches.ts). Chromium keeps
 * only the last of a repeated switch, so ours, which comes after Playwright's, names them again;
 * tests/unit/chromium-args.test.ts fails if a Playwright upgrade adds one this list would drop.
 */
const PLAYWRIGHT_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

const SWITCHES = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** For Playwright's launches (the browser tests, the benchmarks that drive pages). */
export const chromiumArgs = [
  ...SWITCHES,
  `--disable-features=${[...PLAYWRIGHT_FEATURES, ...QUIET_FEATURES].join(',')}`,
];

/** For Chromium started by hand (bench:lighthouse): none of Playwright's switches. */
export const plainChromiumArgs = [...SWITCHES, `--disable-features=${QUIET_FEATURES.join(',')}`];

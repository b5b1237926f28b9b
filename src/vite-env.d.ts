/// <reference types="vite/client" />

/** Injected by vite.config.ts: tells two deployments apart (footer, update prompt tests). */
declare const __BUILD_ID__: string;

interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_JOBS_API_URL?: string;
}

interface Window {
  /**
   * An install prompt the browser offered before the app's entry ran (src/start-after-paint.ts
   * keeps it; lib/pwa/install-capture.ts takes it over). A global, not a shared module: a module
   * both scripts import would be a third request on the first visit.
   */
  rhEarlyInstall?: Event;
}

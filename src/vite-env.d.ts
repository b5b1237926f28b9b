/// <reference types="vite/client" />

/** Injected by vite.config.ts: tells two deployments apart (footer, update prompt tests). */
declare const __BUILD_ID__: string;

interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_JOBS_API_URL?: string;
}

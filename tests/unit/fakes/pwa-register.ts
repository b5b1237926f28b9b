/**
 * Stand-in for vite-plugin-pwa's `virtual:pwa-register` in unit tests (the plugin is not loaded
 * there). It records the options the app passes so a test can play the part of workbox-window.
 * The real module is exercised by the browser tests (tests/e2e/update-flow.spec.ts).
 */
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';

export const fakeRegistration = {
  options: undefined as RegisterSWOptions | undefined,
  updateCalls: 0,
};

export function registerSW(options: RegisterSWOptions = {}) {
  fakeRegistration.options = options;
  return () => {
    fakeRegistration.updateCalls += 1;
    return Promise.resolve();
  };
}

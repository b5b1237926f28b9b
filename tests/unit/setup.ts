import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Test files run one per core (vitest.config.ts): on a 2-core machine a screen that renders in
// 200 ms alone can take over a second while the other file runs. findBy*/waitFor wait up to 5 s
// for what the user would see (Testing Library's default is 1 s); a screen that never shows it
// still fails.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});

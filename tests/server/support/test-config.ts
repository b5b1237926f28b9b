import { loadConfig, type ServerConfig } from '../../../server/config';

/**
 * Server configuration for tests that build a server: quiet logs and no load shedding. The test
 * runner shares two cores with other test files (and, in CI, with a browser), so the event loop of
 * a test server lags for reasons that have nothing to do with the requests it serves, and
 * shedding would answer a random request 503. Shedding itself is tested with its own thresholds in
 * overload.test.ts.
 */
export function testConfig(env: Record<string, string | undefined> = {}): ServerConfig {
  return loadConfig({ LOG_LEVEL: 'silent', SHED_EVENT_LOOP_DELAY_MS: '0', ...env });
}

/**
 * Identity settings from the environment: a zod fragment for `server/config.ts` to merge, plus
 * the rules that tie the variables together and the settings the token verifier gets.
 *
 * - `IDENTITY_MODE=local` (default; `npm start` and the tests): the in-process stand-in on
 *   `IDENTITY_PORT` / `IDENTITY_HTTPS_PORT`, with the fixed local ids. `COGNITO_ENDPOINT`
 *   instead points at a stand-in started elsewhere (the server then starts none).
 * - `IDENTITY_MODE=cognito` (production): Amazon Cognito itself. `COGNITO_USER_POOL_ID` and
 *   `COGNITO_CLIENT_ID` are required, and no endpoint override is allowed: tokens are trusted
 *   only from `https://cognito-idp.<region>.amazonaws.com/<poolId>`.
 *
 * Merge: `z.object({ ...existing, ...identityConfigShape }).superRefine(refineIdentityConfig)`.
 */
import { z } from 'zod';
import type { TokenVerifierSettings } from '../auth/verify-token';
import { LOCAL_REGION, LOCAL_USER_POOL_ID, LOCAL_WEB_CLIENT_ID } from './local-ids';

/** An unset variable and `VAR=` in a .env file mean the same: not set. */
const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);
const port = z.coerce.number().int().min(0).max(65535);

export const identityConfigShape = {
  IDENTITY_MODE: z.enum(['local', 'cognito']).default('local'),
  /** spec §9: ap-south-1. */
  COGNITO_REGION: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region such as ap-south-1')
      .default(LOCAL_REGION),
  ),
  /** Required for cognito; defaults to the stand-in's fixed pool in local mode. */
  COGNITO_USER_POOL_ID: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^[a-z]{2}(-[a-z]+)+-\d_[0-9A-Za-z]+$/, 'must look like ap-south-1_AbC123')
      .optional(),
  ),
  /** The web app client (public, no secret). Required for cognito. */
  COGNITO_CLIENT_ID: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^[0-9A-Za-z]{1,128}$/, 'must be an app client id')
      .optional(),
  ),
  /** Local mode only: the http origin of a stand-in that is already running. */
  COGNITO_ENDPOINT: z.preprocess(
    unsetIfEmpty,
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  /** The stand-in's user-pool API; 9229 is cognito-local's usual port. 0 picks a free one. */
  IDENTITY_PORT: port.default(9229),
  /** The stand-in's https hosted-UI domain. 0 picks a free one. */
  IDENTITY_HTTPS_PORT: port.default(9443),
};

const IdentityConfigObject = z.object(identityConfigShape);
export type IdentityConfig = z.infer<typeof IdentityConfigObject>;

export function refineIdentityConfig<Config extends IdentityConfig>(
  config: Config,
  ctx: z.RefinementCtx<Config>,
): void {
  if (config.IDENTITY_MODE !== 'cognito') return;
  const problem = (path: keyof IdentityConfig, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message, input: config[path] });
  if (!config.COGNITO_USER_POOL_ID) {
    problem('COGNITO_USER_POOL_ID', 'required when IDENTITY_MODE=cognito');
  } else if (!config.COGNITO_USER_POOL_ID.startsWith(`${config.COGNITO_REGION}_`)) {
    problem('COGNITO_USER_POOL_ID', `must be a pool of COGNITO_REGION (${config.COGNITO_REGION})`);
  }
  if (!config.COGNITO_CLIENT_ID)
    problem('COGNITO_CLIENT_ID', 'required when IDENTITY_MODE=cognito');
  if (config.COGNITO_ENDPOINT) {
    problem('COGNITO_ENDPOINT', 'only for IDENTITY_MODE=local: production calls Amazon Cognito');
  }
}

export const IdentityConfigSchema = IdentityConfigObject.superRefine(refineIdentityConfig);

/** True when the server should start the stand-in itself (local mode, no external endpoint). */
export function startsIdentityStandin(config: IdentityConfig): boolean {
  return config.IDENTITY_MODE === 'local' && !config.COGNITO_ENDPOINT;
}

/**
 * What the token verifier trusts. In local mode pass the started stand-in (its issuer carries
 * the port it got); without one, `COGNITO_ENDPOINT` names the stand-in.
 */
export function tokenVerifierSettings(
  config: IdentityConfig,
  standin?: { issuer: string; jwksUri: string },
): TokenVerifierSettings {
  if (config.IDENTITY_MODE === 'cognito') {
    // refineIdentityConfig has made both present.
    return {
      mode: 'cognito',
      region: config.COGNITO_REGION,
      userPoolId: config.COGNITO_USER_POOL_ID ?? '',
      clientId: config.COGNITO_CLIENT_ID ?? '',
    };
  }
  const clientId = config.COGNITO_CLIENT_ID ?? LOCAL_WEB_CLIENT_ID;
  if (standin) return { mode: 'local', clientId, ...standin };
  if (!config.COGNITO_ENDPOINT) {
    throw new Error('Local identity needs the started stand-in or COGNITO_ENDPOINT');
  }
  const issuer = `${config.COGNITO_ENDPOINT.replace(/\/$/, '')}/${config.COGNITO_USER_POOL_ID ?? LOCAL_USER_POOL_ID}`;
  return { mode: 'local', clientId, issuer, jwksUri: `${issuer}/.well-known/jwks.json` };
}

/**
 * The one way into cognito-local's internal `lib/` modules.
 *
 * cognito-local's public entry only starts its own server from `./.cognito` in the working
 * directory, with a fixed port and no hooks. The stand-in needs its parts instead (the data
 * services, the target router, the express app without its OAuth routes, the authorisation-code
 * store and the signing key), so it imports them from `lib/`, which is not a public API and can
 * change in any release. That is why:
 * - cognito-local is pinned to an exact version in package.json (5.3.0);
 * - every deep import lives in this file and nowhere else, typed by the `.d.ts` files the
 *   package ships, so an upgrade that moves or reshapes one fails `tsc` here;
 * - `tests/server/identity/cognito-local-internals.test.ts` checks at run time that each one
 *   still exists and behaves as the stand-in assumes, and fails loudly naming it if not.
 */
import type { Logger } from 'pino';
import { DateClock } from 'cognito-local/lib/services/clock';
import {
  CognitoServiceFactoryImpl,
  USER_POOL_AWS_DEFAULTS,
} from 'cognito-local/lib/services/cognitoService';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
import { selectAppropriateDeliveryMethod } from 'cognito-local/lib/services/messageDelivery/deliveryMethod';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import { MessagesService } from 'cognito-local/lib/services/messages';
import { otp } from 'cognito-local/lib/services/otp';
import {
  generateSecret as generateTotpSecret,
  verify as verifyTotp,
} from 'cognito-local/lib/services/totp';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import {
  UserPoolServiceFactoryImpl,
  attributeValue,
} from 'cognito-local/lib/services/userPoolService';
import { DefaultConfig } from 'cognito-local/lib/server/config';
import { Router } from 'cognito-local/lib/server/Router';
import { createServer as createCognitoLocalServer } from 'cognito-local/lib/server/server';
import { attachOAuth2Routes } from 'cognito-local/lib/oauth2/routes';
import { AuthorizationCodeStore } from 'cognito-local/lib/oauth2/authorizationCodeStore';
import { verifyS256 } from 'cognito-local/lib/oauth2/pkce';
import {
  CodeMismatchError,
  CognitoError,
  InvalidParameterError,
  NotAuthorizedError,
  UserNotFoundError,
} from 'cognito-local/lib/errors';
import privateKeyFile from 'cognito-local/lib/keys/cognitoLocal.private.json' with { type: 'json' };
import publicKeyFile from 'cognito-local/lib/keys/cognitoLocal.public.json' with { type: 'json' };

export type { Services } from 'cognito-local/lib/services';
export type { CognitoService } from 'cognito-local/lib/services/cognitoService';
export type { Context } from 'cognito-local/lib/services/context';
export type { AppClient } from 'cognito-local/lib/services/appClient';
export type { Config } from 'cognito-local/lib/server/config';
export type { Route, Router as TargetRouter } from 'cognito-local/lib/server/Router';
export type { Message, Messages } from 'cognito-local/lib/services/messages';
export type { MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender';
export type { DeliveryDetails } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
export type { TokenGenerator, Tokens } from 'cognito-local/lib/services/tokenGenerator';
export type { Triggers } from 'cognito-local/lib/services/triggers';
export type {
  Group,
  User,
  UserPool,
  UserPoolService,
} from 'cognito-local/lib/services/userPoolService';

export {
  AuthorizationCodeStore,
  CodeMismatchError,
  CognitoError,
  CognitoServiceFactoryImpl,
  DateClock,
  DefaultConfig,
  InvalidParameterError,
  JwtTokenGenerator,
  MessageDeliveryService,
  MessagesService,
  NotAuthorizedError,
  Router,
  StormDBDataStoreFactory,
  USER_POOL_AWS_DEFAULTS,
  UserNotFoundError,
  UserPoolServiceFactoryImpl,
  attachOAuth2Routes,
  attributeValue,
  generateTotpSecret,
  otp,
  selectAppropriateDeliveryMethod,
  verifyTotp,
  verifyS256,
};

/**
 * cognito-local's express app (user-pool API on `POST /`, JWKS, /health) without listening.
 * Its types want the pino 7 logger cognito-local bundles; the project's pino 10 logger has the
 * members pino-http uses (child, levels, the log methods) but differs in typing details such as
 * `flush`, so it is passed through this one cast. The internals test exercises it at run time.
 */
export function createApiApp(
  router: Parameters<typeof createCognitoLocalServer>[0],
  logger: Logger,
): { application: unknown } {
  const cognitoLocalLogger = logger as unknown as Parameters<typeof createCognitoLocalServer>[1];
  return createCognitoLocalServer(router, cognitoLocalLogger, { development: false });
}

/** The key id cognito-local puts in every token header and in its JWKS. */
export const SIGNING_KEY_ID = 'CognitoLocal';

/**
 * The RSA key pair every cognito-local installation signs with. Its private half ships in the
 * npm package, which is why the stand-in is for local runs and tests only.
 */
export const signingKey = {
  privateJwk: privateKeyFile.jwk,
  publicJwk: publicKeyFile.jwk,
};

/**
 * Fixed ids of the local identity stand-in, so the seed, the server, the app's configuration,
 * the tests and the docs agree without reading each other's files (design/identity.md, "Fixed
 * local ids"). The shapes follow Amazon Cognito's: a pool id is `<region>_<suffix>` and Amplify
 * uses the suffix in its SRP proof, so these must stay valid Cognito-style ids.
 */

/** spec §9: the product runs in ap-south-1. */
export const LOCAL_REGION = 'ap-south-1';
export const LOCAL_USER_POOL_ID = 'ap-south-1_LocalDev1';
export const LOCAL_USER_POOL_NAME = 'referralhub-local';
export const LOCAL_WEB_CLIENT_ID = 'localdevwebclient0000000000';

/** The user-pool groups; `src/domain` maps them to product roles (spec §4 Session, §6). */
export const IDENTITY_GROUPS = [
  'corporate-admin',
  'corporate-recruiter',
  'admin',
  'evaluator',
  'linkedin',
  'general-user',
] as const;
export type IdentityGroup = (typeof IDENTITY_GROUPS)[number];

/** The external identity provider the hosted UI offers (spec §4: social sign-in via LinkedIn). */
export const LINKEDIN_PROVIDER = 'LinkedIn';
/** Group a new federated LinkedIn user joins (in AWS, a post-confirmation Lambda does this). */
export const LINKEDIN_GROUP: IdentityGroup = 'linkedin';

/**
 * spec §9 OAuth scopes (email, openid, profile, phone) plus the one Amplify needs to call the
 * user-pool API with the access token (fetchUserAttributes, updatePassword, MFA set-up).
 */
export const OAUTH_SCOPES = [
  'openid',
  'email',
  'profile',
  'phone',
  'aws.cognito.signin.user.admin',
];

/**
 * Where the hosted UI may send the browser back to, for the app served by `npm start` (8080)
 * and by the Vite dev server (5173). Tests that serve the app elsewhere pass their own list.
 */
export const DEFAULT_REDIRECT_URLS = [
  'http://localhost:8080/',
  'http://localhost:5173/',
  // The app's OAuth return page (spec §2 /auth/checkRedirection).
  'http://localhost:8080/auth/checkRedirection',
  'http://localhost:5173/auth/checkRedirection',
];

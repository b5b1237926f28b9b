/**
 * The sign-in steps of spec §4 that cognito-local 5.3.0 lacks, answered with the request and
 * response shapes of Amazon Cognito that aws-amplify v6 sends and reads:
 *
 * - **MFA after the password** for users with more than one method (SELECT_MFA_TYPE), with email
 *   MFA (EMAIL_OTP) beside TOTP (SOFTWARE_TOKEN_MFA), honouring the preferred method;
 * - **MFA set-up at sign-in** (MFA_SETUP with `MFAS_CAN_SETUP`): TOTP through
 *   AssociateSoftwareToken/VerifySoftwareToken with the sign-in Session, or email (MFA_SETUP
 *   with EMAIL, then EMAIL_OTP). A real pool asks for it when MFA is required; the stand-in's pool
 *   keeps MFA optional (the demo accounts sign in with a password only), so a test or developer
 *   marks one user with `POST /_dev/mfa-setup-required` (`requireMfaSetup`);
 * - **custom authentication** (CUSTOM_AUTH without SRP, CUSTOM_CHALLENGE): instead of the
 *   Define/Create/Verify Lambda triggers a real pool runs, one built-in deterministic challenge
 *   for every confirmed user with a password: the public question {@link CUSTOM_QUESTION}, the
 *   answer {@link CUSTOM_ANSWER}, three attempts;
 * - **choice-based sign-in** (USER_AUTH): SELECT_CHALLENGE offers PASSWORD, EMAIL_OTP for a
 *   verified email and WEB_AUTHN for a user with a passkey (issue 27, `passkeys.ts` verifies the
 *   assertion; like Cognito, a passkey sign-in asks for no MFA after it); PASSWORD_SRP is not
 *   offered;
 * - **SignUp** refuses a password that breaks the pool's password policy, as Cognito does;
 * - **ConfirmSignUp** also verifies the email the code went to, as Cognito does;
 * - **account calls with an access token that Cognito checks strictly**: ChangePassword and
 *   SetUserMFAPreference verify the token's signature, expiry and revocation (GlobalSignOut,
 *   RevokeToken), refuse a wrong previous password as NotAuthorizedException and a new one that
 *   breaks the pool's password policy as InvalidPasswordException.
 *
 * Pending steps live in `ChallengeSessions`; SMS MFA, NEW_PASSWORD_REQUIRED and the rest stay
 * with cognito-local.
 */
import { decodeJwt, errors as joseErrors } from 'jose';
import { z } from 'zod';
import {
  CodeMismatchError,
  CognitoError,
  InvalidParameterError,
  NotAuthorizedError,
  attributeValue,
  generateTotpSecret,
  otp,
  verifyTotp,
  type CognitoService,
  type Context,
  type Messages,
  type Route,
  type User,
  type UserPoolService,
} from './cognito-local-internals';
import {
  ChallengeSessions,
  type MfaMethod,
  type PendingSignIn,
  type PendingStep,
} from './challenge-sessions';
import {
  brokenPasswordRules,
  COGNITO_RULE_TEXT,
  type PasswordPolicy,
} from '../../src/domain/password-policy';
import { verifyLocalJwt } from './local-jwt';
import { parseTargetRequest } from './target-request';
import type { StandinTokenGenerator } from './token-generator';

/** The built-in custom challenge (no Lambda): public question, expected answer. */
export const CUSTOM_QUESTION = 'What is 6 × 7?';
export const CUSTOM_ANSWER = '42';
const CUSTOM_ATTEMPTS = 3;

const INCORRECT = 'Incorrect username or password.';
const MFA_METHODS = ['SMS_MFA', 'SOFTWARE_TOKEN_MFA', 'EMAIL_OTP'] as const;
const SETUP_METHODS = ['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP'] as const;

const Metadata = z.record(z.string(), z.string()).optional();

const PasswordAuthRequest = z.object({
  ClientId: z.string().min(1),
  AuthParameters: z.object({ USERNAME: z.string().min(1), PASSWORD: z.string() }),
  ClientMetadata: Metadata,
});

const CustomAuthRequest = z.object({
  ClientId: z.string().min(1),
  AuthParameters: z.object({ USERNAME: z.string().min(1), SRP_A: z.string().optional() }),
});

const UserAuthRequest = z.object({
  ClientId: z.string().min(1),
  AuthParameters: z.object({
    USERNAME: z.string().min(1),
    PREFERRED_CHALLENGE: z.string().optional(),
    PASSWORD: z.string().optional(),
  }),
  ClientMetadata: Metadata,
});

const ChallengeAnswer = z.object({
  ClientId: z.string().min(1),
  ChallengeName: z.string().min(1),
  Session: z.string().min(1),
  ChallengeResponses: z.record(z.string(), z.string()),
  ClientMetadata: Metadata,
});

const SessionOrToken = z.object({
  Session: z.string().min(1).optional(),
  AccessToken: z.string().min(1).optional(),
});

const VerifySessionRequest = z.object({
  Session: z.string().min(1),
  UserCode: z.string().min(1),
  FriendlyDeviceName: z.string().optional(),
});

const MfaSetting = z.object({
  Enabled: z.boolean().optional(),
  PreferredMfa: z.boolean().optional(),
});
const MfaPreferenceRequest = z.object({
  AccessToken: z.string().min(1),
  SMSMfaSettings: MfaSetting.optional(),
  SoftwareTokenMfaSettings: MfaSetting.optional(),
  EmailMfaSettings: MfaSetting.optional(),
});

const ChangePasswordRequest = z.object({
  AccessToken: z.string().min(1),
  PreviousPassword: z.string().min(1),
  ProposedPassword: z.string().min(1),
});

const SignUpRequest = z.object({
  ClientId: z.string().min(1),
  Password: z.string(),
});

const ConfirmSignUpRequest = z.object({
  ClientId: z.string().min(1),
  Username: z.string().min(1),
});

const AccessClaims = z.object({
  token_use: z.literal('access'),
  client_id: z.string(),
  username: z.string(),
  origin_jti: z.string().optional(),
});

export interface SignInStepDeps {
  cognito: CognitoService;
  messages: Messages;
  tokenGenerator: StandinTokenGenerator;
  issuer: string;
  /** cognito-local's own handler for a target (the flows the stand-in leaves to it). */
  base: (target: string) => Route;
  /** Passkeys, for the WEB_AUTHN first factor (`passkeys.ts`). */
  webAuthn: {
    has(username: string): boolean;
    requestOptions(username: string): Promise<{ challenge: string; json: string }>;
    verifyAssertion(username: string, credentialJson: string, challenge: string): Promise<void>;
  };
}

export function createSignInSteps({
  cognito,
  messages,
  tokenGenerator,
  issuer,
  base,
  webAuthn,
}: SignInStepDeps) {
  const sessions = new ChallengeSessions();
  /** Users who must set up MFA at their next sign-in, with the methods they may choose. */
  const setupRequired = new Map<string, readonly MfaMethod[]>();

  /** cognito-local's answer to a call the stand-in leaves to it. */
  async function viaBase(target: string, ctx: Context, body: unknown): Promise<unknown> {
    const result: unknown = await base(target)(ctx, body);
    return result;
  }

  async function poolAndUser(ctx: Context, clientId: string, username: string) {
    const pool = await cognito.getUserPoolForClientId(ctx, clientId);
    const user = await pool.getUserByUsername(ctx, username);
    return { pool, user };
  }

  async function requireFlow(ctx: Context, clientId: string, flow: string) {
    const client = await cognito.getAppClient(ctx, clientId);
    if (!client) throw new NotAuthorizedError('Invalid client id');
    if (!(client.ExplicitAuthFlows ?? []).includes(flow)) {
      throw new InvalidParameterError(
        `${flow.replace(/^ALLOW_/, '')} is not enabled for the client.`,
      );
    }
  }

  /** A user who may start a sign-in at all (exists, has a password here, enabled, confirmed). */
  function assertCanSignIn(user: User | null): asserts user is User {
    if (!user || user.UserStatus === 'EXTERNAL_PROVIDER') throw new NotAuthorizedError(INCORRECT);
    if (!user.Enabled) throw new NotAuthorizedError('User is disabled.');
    if (user.UserStatus === 'UNCONFIRMED') {
      throw new CognitoError('UserNotConfirmedException', 'User is not confirmed.');
    }
  }

  async function issueTokens(
    ctx: Context,
    pool: UserPoolService,
    username: string,
    clientId: string,
    metadata: Record<string, string> | undefined,
  ) {
    const user = await pool.getUserByUsername(ctx, username);
    const client = await cognito.getAppClient(ctx, clientId);
    if (!user || !client) throw new NotAuthorizedError(INCORRECT);
    const groups = await pool.listUserGroupMembership(ctx, user);
    const tokens = await tokenGenerator.generate(
      ctx,
      user,
      groups,
      client,
      metadata,
      'Authentication',
    );
    await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
    const exp = decodeJwt(tokens.AccessToken).exp ?? 0;
    return {
      ChallengeParameters: {},
      AuthenticationResult: {
        AccessToken: tokens.AccessToken,
        IdToken: tokens.IdToken,
        RefreshToken: tokens.RefreshToken,
        TokenType: 'Bearer',
        ExpiresIn: Math.max(0, exp - Math.floor(Date.now() / 1000)),
      },
    };
  }

  function challenge(
    name: string,
    clientId: string,
    user: User,
    step: PendingStep,
    parameters: Record<string, string> = {},
  ) {
    return {
      ChallengeName: name,
      Session: sessions.open(clientId, user.Username, step),
      ChallengeParameters: { USER_ID_FOR_SRP: user.Username, ...parameters },
    };
  }

  /** Sends a one-time code by email and opens the EMAIL_OTP challenge for it. */
  async function emailCodeChallenge(
    ctx: Context,
    pool: UserPoolService,
    user: User,
    clientId: string,
    metadata: Record<string, string> | undefined,
    setUpFor?: string,
  ) {
    const destination = setUpFor ?? attributeValue('email', user.Attributes);
    if (!destination) throw new InvalidParameterError('User has no email address.');
    const code = otp();
    await messages.deliver(ctx, 'Authentication', clientId, pool.options.Id, user, code, metadata, {
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
      Destination: destination,
    });
    return challenge(
      'EMAIL_OTP',
      clientId,
      user,
      { kind: 'EMAIL_OTP', code, ...(setUpFor ? { setUpFor } : {}) },
      { CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL', CODE_DELIVERY_DESTINATION: maskEmail(destination) },
    );
  }

  async function mfaChallengeFor(
    ctx: Context,
    pool: UserPoolService,
    user: User,
    clientId: string,
    method: MfaMethod,
    metadata: Record<string, string> | undefined,
  ): Promise<unknown> {
    if (method === 'EMAIL_OTP') return emailCodeChallenge(ctx, pool, user, clientId, metadata);
    if (method === 'SOFTWARE_TOKEN_MFA') {
      const device = user.SoftwareTokenMfaConfiguration?.FriendlyDeviceName;
      return challenge(
        'SOFTWARE_TOKEN_MFA',
        clientId,
        user,
        { kind: 'SOFTWARE_TOKEN_MFA' },
        device ? { FRIENDLY_DEVICE_NAME: device } : {},
      );
    }
    // SMS stays with cognito-local (it texts the code and checks SMS_MFA answers itself).
    return base('RespondToAuthChallenge')(ctx, {
      ClientId: clientId,
      ChallengeName: 'SELECT_MFA_TYPE',
      Session: 'sms',
      ChallengeResponses: { USERNAME: user.Username, ANSWER: 'SMS_MFA' },
      ClientMetadata: metadata,
    });
  }

  /** After a correct password: the MFA step Cognito would ask for, or null for none. */
  async function mfaStepAfterPassword(
    ctx: Context,
    pool: UserPoolService,
    user: User,
    clientId: string,
    metadata: Record<string, string> | undefined,
  ): Promise<unknown> {
    if (pool.options.MfaConfiguration === 'OFF') return null;
    const methods = enabledMfaMethods(user);
    if (methods.length === 0) {
      const canSetUp = setupRequired.get(user.Username);
      if (!canSetUp) return null;
      return challenge(
        'MFA_SETUP',
        clientId,
        user,
        { kind: 'MFA_SETUP', canSetUp },
        { MFAS_CAN_SETUP: JSON.stringify(canSetUp) },
      );
    }
    const preferred = methods.find((method) => method === user.PreferredMfaSetting);
    const only = methods.length === 1 ? methods[0] : undefined;
    const chosen = preferred ?? only;
    if (chosen) return mfaChallengeFor(ctx, pool, user, clientId, chosen, metadata);
    return challenge(
      'SELECT_MFA_TYPE',
      clientId,
      user,
      { kind: 'SELECT_MFA_TYPE', methods },
      { MFAS_CAN_CHOOSE: JSON.stringify(methods) },
    );
  }

  /**
   * USER_PASSWORD_AUTH (and the end of SRP and of USER_AUTH with a password): checks the
   * password as Cognito does, adds the MFA steps above, and leaves user status and token issue
   * without MFA to cognito-local.
   */
  async function passwordSignIn(ctx: Context, body: unknown): Promise<unknown> {
    const req = parseTargetRequest(PasswordAuthRequest, body);
    const { USERNAME, PASSWORD } = req.AuthParameters;
    const { pool, user } = await poolAndUser(ctx, req.ClientId, USERNAME);
    if (!user || user.UserStatus === 'EXTERNAL_PROVIDER') throw new NotAuthorizedError(INCORRECT);
    if (user.UserStatus !== 'RESET_REQUIRED' && user.Password !== PASSWORD) {
      throw new NotAuthorizedError(INCORRECT);
    }
    if (!user.Enabled) throw new NotAuthorizedError('User is disabled.');
    if (user.UserStatus === 'CONFIRMED') {
      const step = await mfaStepAfterPassword(ctx, pool, user, req.ClientId, req.ClientMetadata);
      if (step) return step;
    }
    return base('InitiateAuth')(ctx, {
      ClientId: req.ClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.Username, PASSWORD },
      ClientMetadata: req.ClientMetadata,
    });
  }

  /** CUSTOM_AUTH without SRP: the built-in question (a real pool's Lambda triggers decide). */
  async function customAuth(ctx: Context, body: unknown) {
    const req = parseTargetRequest(CustomAuthRequest, body);
    await requireFlow(ctx, req.ClientId, 'ALLOW_CUSTOM_AUTH');
    if (req.AuthParameters.SRP_A) {
      throw new InvalidParameterError('The local stand-in answers CUSTOM_AUTH without SRP only.');
    }
    const { user } = await poolAndUser(ctx, req.ClientId, req.AuthParameters.USERNAME);
    assertCanSignIn(user);
    return customChallenge(req.ClientId, user, CUSTOM_ATTEMPTS);
  }

  function customChallenge(clientId: string, user: User, attemptsLeft: number) {
    return challenge(
      'CUSTOM_CHALLENGE',
      clientId,
      user,
      { kind: 'CUSTOM_CHALLENGE', attemptsLeft },
      { USERNAME: user.Username, question: CUSTOM_QUESTION, attemptsLeft: String(attemptsLeft) },
    );
  }

  /** USER_AUTH: the user picks the first factor (or names it as PREFERRED_CHALLENGE). */
  async function userAuth(ctx: Context, body: unknown) {
    const req = parseTargetRequest(UserAuthRequest, body);
    await requireFlow(ctx, req.ClientId, 'ALLOW_USER_AUTH');
    const { pool, user } = await poolAndUser(ctx, req.ClientId, req.AuthParameters.USERNAME);
    assertCanSignIn(user);
    const available = firstFactors(user, webAuthn.has(user.Username));
    const preferred = req.AuthParameters.PREFERRED_CHALLENGE;
    if (preferred === 'WEB_AUTHN' && available.includes('WEB_AUTHN')) {
      return passkeyChallenge(req.ClientId, user);
    }
    if (preferred === 'PASSWORD') {
      return passwordSignIn(ctx, {
        ClientId: req.ClientId,
        AuthParameters: { USERNAME: user.Username, PASSWORD: req.AuthParameters.PASSWORD ?? '' },
        ClientMetadata: req.ClientMetadata,
      });
    }
    if (preferred === 'EMAIL_OTP' && available.includes('EMAIL_OTP')) {
      return emailCodeChallenge(ctx, pool, user, req.ClientId, req.ClientMetadata);
    }
    return {
      ...challenge(
        'SELECT_CHALLENGE',
        req.ClientId,
        user,
        { kind: 'SELECT_CHALLENGE', available },
        {
          USERNAME: user.Username,
        },
      ),
      AvailableChallenges: available,
    };
  }

  /** WEB_AUTHN: the options the browser's passkey prompt needs, for this user's passkeys. */
  async function passkeyChallenge(clientId: string, user: User) {
    const options = await webAuthn.requestOptions(user.Username);
    return challenge(
      'WEB_AUTHN',
      clientId,
      user,
      { kind: 'WEB_AUTHN', challenge: options.challenge },
      { USERNAME: user.Username, CREDENTIAL_REQUEST_OPTIONS: options.json },
    );
  }

  async function initiateAuth(ctx: Context, body: unknown, flow: string | undefined) {
    if (flow === 'USER_PASSWORD_AUTH') return passwordSignIn(ctx, body);
    if (flow === 'CUSTOM_AUTH') return customAuth(ctx, body);
    if (flow === 'USER_AUTH') return userAuth(ctx, body);
    return viaBase('InitiateAuth', ctx, body);
  }

  /** True when this answer belongs to a step the stand-in opened (else cognito-local's). */
  function owns(body: unknown): boolean {
    const session = z.object({ Session: z.string() }).safeParse(body).data?.Session;
    const name = z.object({ ChallengeName: z.string() }).safeParse(body).data?.ChallengeName;
    return (
      sessions.has(session) ||
      [
        'CUSTOM_CHALLENGE',
        'MFA_SETUP',
        'EMAIL_OTP',
        'SELECT_CHALLENGE',
        'SOFTWARE_TOKEN_MFA',
        'WEB_AUTHN',
      ].includes(name ?? '')
    );
  }

  async function respondToAuthChallenge(ctx: Context, body: unknown): Promise<unknown> {
    const req = parseTargetRequest(ChallengeAnswer, body);
    const entry = sessions.get(req.Session, req.ClientId);
    if (entry.step.kind !== req.ChallengeName) {
      throw new InvalidParameterError(
        `ChallengeName ${req.ChallengeName} does not answer the pending ${entry.step.kind}.`,
      );
    }
    const { pool, user } = await poolAndUser(ctx, req.ClientId, entry.username);
    assertCanSignIn(user);
    const answers = req.ChallengeResponses;
    const done = () => {
      sessions.close(req.Session);
      return issueTokens(ctx, pool, user.Username, req.ClientId, req.ClientMetadata);
    };
    const wrong = (error: CognitoError = new CodeMismatchError()): never => {
      sessions.wrongAnswer(req.Session);
      throw error;
    };
    const step = entry.step;
    switch (step.kind) {
      case 'SELECT_MFA_TYPE': {
        const answer = step.methods.find((method) => method === answers.ANSWER);
        if (!answer)
          throw new InvalidParameterError(`ANSWER must be one of ${step.methods.join(', ')}.`);
        sessions.close(req.Session);
        return mfaChallengeFor(ctx, pool, user, req.ClientId, answer, req.ClientMetadata);
      }
      case 'SOFTWARE_TOKEN_MFA': {
        const secret = user.SoftwareTokenMfaConfiguration?.Secret;
        const code = answers.SOFTWARE_TOKEN_MFA_CODE ?? '';
        if (!secret || !verifyTotp(secret, code)) return wrong();
        return done();
      }
      case 'EMAIL_OTP': {
        if (answers.EMAIL_OTP_CODE !== step.code) return wrong();
        if (step.setUpFor) await enableEmailMfa(ctx, pool, user, step.setUpFor);
        return done();
      }
      case 'MFA_SETUP':
        return answerMfaSetup(ctx, pool, user, req, entry, step);
      case 'CUSTOM_CHALLENGE': {
        if ((answers.ANSWER ?? '').trim() === CUSTOM_ANSWER) return done();
        sessions.close(req.Session);
        // As a Define Auth Challenge trigger would: ask again while attempts are left.
        if (step.attemptsLeft > 1)
          return customChallenge(req.ClientId, user, step.attemptsLeft - 1);
        throw new NotAuthorizedError(INCORRECT);
      }
      case 'SELECT_CHALLENGE': {
        const answer = answers.ANSWER;
        if (!answer || !step.available.includes(answer)) {
          throw new InvalidParameterError(`ANSWER must be one of ${step.available.join(', ')}.`);
        }
        if (answer === 'PASSWORD') {
          if (!answers.PASSWORD) throw new InvalidParameterError('PASSWORD is required.');
          sessions.close(req.Session);
          return passwordSignIn(ctx, {
            ClientId: req.ClientId,
            AuthParameters: { USERNAME: user.Username, PASSWORD: answers.PASSWORD },
            ClientMetadata: req.ClientMetadata,
          });
        }
        sessions.close(req.Session);
        if (answer === 'WEB_AUTHN') return passkeyChallenge(req.ClientId, user);
        return emailCodeChallenge(ctx, pool, user, req.ClientId, req.ClientMetadata);
      }
      case 'WEB_AUTHN': {
        try {
          await webAuthn.verifyAssertion(user.Username, answers.CREDENTIAL ?? '', step.challenge);
        } catch (error) {
          if (error instanceof CognitoError) return wrong(error);
          throw error;
        }
        return done();
      }
    }
  }

  async function answerMfaSetup(
    ctx: Context,
    pool: UserPoolService,
    user: User,
    req: z.infer<typeof ChallengeAnswer>,
    entry: PendingSignIn,
    step: Extract<PendingStep, { kind: 'MFA_SETUP' }>,
  ) {
    const email = req.ChallengeResponses.EMAIL;
    if (email !== undefined) {
      if (!step.canSetUp.includes('EMAIL_OTP')) {
        throw new InvalidParameterError('Email MFA cannot be set up for this user.');
      }
      if (!z.email().safeParse(email).success) {
        throw new InvalidParameterError('EMAIL must be an email address.');
      }
      sessions.close(req.Session);
      return emailCodeChallenge(ctx, pool, user, entry.clientId, req.ClientMetadata, email);
    }
    if (!step.verified) {
      throw new InvalidParameterError('Verify the software token before answering MFA_SETUP.');
    }
    sessions.close(req.Session);
    setupRequired.delete(user.Username);
    return issueTokens(ctx, pool, user.Username, entry.clientId, req.ClientMetadata);
  }

  async function enableEmailMfa(ctx: Context, pool: UserPoolService, user: User, email: string) {
    const methods = new Set([...(user.UserMFASettingList ?? []), 'EMAIL_OTP']);
    const others = user.Attributes.filter((a) => a.Name !== 'email' && a.Name !== 'email_verified');
    await pool.saveUser(ctx, {
      ...user,
      Attributes: [
        ...others,
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
      UserMFASettingList: [...methods],
      PreferredMfaSetting: user.PreferredMfaSetting ?? 'EMAIL_OTP',
    });
    setupRequired.delete(user.Username);
  }

  /** AssociateSoftwareToken: with the sign-in Session during MFA_SETUP, else cognito-local's. */
  async function associateSoftwareToken(ctx: Context, body: unknown) {
    const req = parseTargetRequest(SessionOrToken, body);
    if (!req.Session) return viaBase('AssociateSoftwareToken', ctx, body);
    const entry = sessions.get(req.Session, undefined);
    const step = entry.step;
    if (step.kind !== 'MFA_SETUP' || !step.canSetUp.includes('SOFTWARE_TOKEN_MFA')) {
      throw new NotAuthorizedError('Invalid session for the user.');
    }
    sessions.close(req.Session);
    const secret = generateTotpSecret();
    const session = sessions.open(entry.clientId, entry.username, {
      ...step,
      secret,
      verified: false,
    });
    return { SecretCode: secret, Session: session };
  }

  /** VerifySoftwareToken: with the sign-in Session during MFA_SETUP, else cognito-local's. */
  async function verifySoftwareToken(ctx: Context, body: unknown) {
    const hasSession = SessionOrToken.safeParse(body).data?.Session;
    if (!hasSession) return viaBase('VerifySoftwareToken', ctx, body);
    const req = parseTargetRequest(VerifySessionRequest, body);
    const entry = sessions.get(req.Session, undefined);
    const step = entry.step;
    if (step.kind !== 'MFA_SETUP' || !step.secret) {
      throw new NotAuthorizedError('Invalid session for the user.');
    }
    if (!verifyTotp(step.secret, req.UserCode)) {
      sessions.wrongAnswer(req.Session);
      throw new CognitoError('EnableSoftwareTokenMFAException', 'Code mismatch');
    }
    const pool = await cognito.getUserPoolForClientId(ctx, entry.clientId);
    const user = await pool.getUserByUsername(ctx, entry.username);
    if (!user) throw new NotAuthorizedError(INCORRECT);
    await pool.saveUser(ctx, {
      ...user,
      SoftwareTokenMfaConfiguration: {
        Secret: step.secret,
        Verified: true,
        ...(req.FriendlyDeviceName ? { FriendlyDeviceName: req.FriendlyDeviceName } : {}),
      },
      UserMFASettingList: [...new Set([...(user.UserMFASettingList ?? []), 'SOFTWARE_TOKEN_MFA'])],
      PreferredMfaSetting: user.PreferredMfaSetting ?? 'SOFTWARE_TOKEN_MFA',
    });
    sessions.close(req.Session);
    const session = sessions.open(entry.clientId, entry.username, { ...step, verified: true });
    return { Status: 'SUCCESS', Session: session };
  }

  /**
   * The signed-in user behind an access token, checked as Cognito checks it: this issuer's
   * signature, not expired, an access token, not revoked (the refresh token of its sign-in is
   * still on the user's list), user enabled.
   */
  async function userForAccessToken(ctx: Context, accessToken: string) {
    let claims: z.infer<typeof AccessClaims>;
    try {
      claims = AccessClaims.parse(await verifyLocalJwt(accessToken, issuer));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw new NotAuthorizedError('Access Token has expired');
      }
      throw new NotAuthorizedError('Invalid Access Token');
    }
    const { pool, user } = await poolAndUser(ctx, claims.client_id, claims.username);
    if (!user) throw new NotAuthorizedError('Invalid Access Token');
    if (!user.Enabled) throw new NotAuthorizedError('User is disabled.');
    const origin = claims.origin_jti;
    if (origin && !(user.RefreshTokens ?? []).some((token) => decodeJwt(token).jti === origin)) {
      throw new NotAuthorizedError('Access Token has been revoked');
    }
    return { pool, user };
  }

  async function changePassword(ctx: Context, body: unknown) {
    const req = parseTargetRequest(ChangePasswordRequest, body);
    const { pool, user } = await userForAccessToken(ctx, req.AccessToken);
    if (user.Password !== req.PreviousPassword) throw new NotAuthorizedError(INCORRECT);
    checkPasswordPolicy(req.ProposedPassword, pool.options.Policies?.PasswordPolicy);
    await pool.saveUser(ctx, {
      ...user,
      Password: req.ProposedPassword,
      UserLastModifiedDate: new Date(),
    });
    return {};
  }

  async function setUserMfaPreference(ctx: Context, body: unknown) {
    const req = parseTargetRequest(MfaPreferenceRequest, body);
    const { pool, user } = await userForAccessToken(ctx, req.AccessToken);
    const methods = new Set(enabledMfaMethods(user));
    const settings: [MfaMethod, z.infer<typeof MfaSetting> | undefined][] = [
      ['SMS_MFA', req.SMSMfaSettings],
      ['SOFTWARE_TOKEN_MFA', req.SoftwareTokenMfaSettings],
      ['EMAIL_OTP', req.EmailMfaSettings],
    ];
    let preferred = user.PreferredMfaSetting;
    for (const [method, setting] of settings) {
      if (!setting || setting.Enabled === undefined) continue;
      if (setting.Enabled) {
        if (method === 'SOFTWARE_TOKEN_MFA' && !user.SoftwareTokenMfaConfiguration?.Verified) {
          throw new InvalidParameterError('User has not verified software token mfa');
        }
        if (method === 'EMAIL_OTP' && !attributeValue('email', user.Attributes)) {
          throw new InvalidParameterError('User does not have an email address.');
        }
        if (method === 'SMS_MFA' && !attributeValue('phone_number', user.Attributes)) {
          throw new InvalidParameterError('User does not have a phone number.');
        }
        methods.add(method);
      } else {
        methods.delete(method);
        if (preferred === method) preferred = undefined;
      }
    }
    for (const [method, setting] of settings) {
      if (setting?.PreferredMfa) {
        if (!methods.has(method)) {
          throw new InvalidParameterError(`Cannot set ${method} as preferred: it is not enabled.`);
        }
        preferred = method;
      }
    }
    await pool.saveUser(ctx, {
      ...user,
      UserMFASettingList: [...methods],
      PreferredMfaSetting: preferred,
    });
    return {};
  }

  /**
   * SignUp, refusing a password the pool's policy does not allow (issue 26 item 9): Cognito
   * does, cognito-local 5.3.0 stores any password. Then cognito-local's sign-up.
   */
  async function signUp(ctx: Context, body: unknown) {
    const req = SignUpRequest.safeParse(body);
    if (req.success) {
      const pool = await cognito.getUserPoolForClientId(ctx, req.data.ClientId);
      checkPasswordPolicy(req.data.Password, pool.options.Policies?.PasswordPolicy);
    }
    const result: unknown = await base('SignUp')(ctx, body);
    return result;
  }

  /**
   * ConfirmSignUp, then what Cognito also does and cognito-local 5.3.0 does not: the address the
   * code went to is verified (`email_verified`), with email among the pool's auto-verified
   * attributes. USER_AUTH offers email codes only to verified addresses.
   */
  async function confirmSignUp(ctx: Context, body: unknown) {
    const result: unknown = await base('ConfirmSignUp')(ctx, body);
    const req = ConfirmSignUpRequest.safeParse(body);
    if (!req.success) return result;
    const { pool, user } = await poolAndUser(ctx, req.data.ClientId, req.data.Username);
    const autoVerified = pool.options.AutoVerifiedAttributes ?? [];
    if (user && autoVerified.includes('email') && attributeValue('email', user.Attributes)) {
      await pool.saveUser(ctx, {
        ...user,
        Attributes: [
          ...user.Attributes.filter((a) => a.Name !== 'email_verified'),
          { Name: 'email_verified', Value: 'true' },
        ],
      });
    }
    return result;
  }

  /** Dev and test hook: this user must set up MFA at the next sign-in (pool MFA "required"). */
  async function requireMfaSetup(
    ctx: Context,
    clientId: string,
    email: string,
    methods: readonly string[],
  ): Promise<boolean> {
    const chosen = SETUP_METHODS.filter((method) => methods.includes(method));
    if (chosen.length === 0) return false;
    const { user } = await poolAndUser(ctx, clientId, email);
    if (!user) return false;
    setupRequired.set(user.Username, chosen);
    return true;
  }

  return {
    initiateAuth,
    passwordSignIn,
    owns,
    respondToAuthChallenge,
    associateSoftwareToken,
    verifySoftwareToken,
    changePassword,
    signUp,
    confirmSignUp,
    setUserMfaPreference,
    requireMfaSetup,
    userForAccessToken,
    /** Tokens for a sign-in another module finished (a remembered device's proof). */
    issueTokensFor: async (
      ctx: Context,
      clientId: string,
      username: string,
      metadata: Record<string, string> | undefined,
    ) => {
      const pool = await cognito.getUserPoolForClientId(ctx, clientId);
      return issueTokens(ctx, pool, username, clientId, metadata);
    },
  };
}

function enabledMfaMethods(user: User): MfaMethod[] {
  const listed = new Set(user.UserMFASettingList ?? []);
  return MFA_METHODS.filter((method) => listed.has(method));
}

/** USER_AUTH first factors the stand-in offers this user. */
function firstFactors(user: User, hasPasskey: boolean): string[] {
  const emailVerified = attributeValue('email_verified', user.Attributes) === 'true';
  return [
    'PASSWORD',
    ...(emailVerified ? ['EMAIL_OTP'] : []),
    ...(hasPasskey ? ['WEB_AUTHN'] : []),
  ];
}

/** "t***@e***.com", as Cognito shows a code's destination. */
function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***${tld}`;
}

/** Cognito's wording for the first rule of the pool's password policy a password breaks. */
function passwordPolicyProblem(
  password: string,
  policy: PasswordPolicy | undefined,
): string | null {
  const [first] = brokenPasswordRules(password, policy ?? {});
  return first ? COGNITO_RULE_TEXT[first] : null;
}

/** Cognito's InvalidPasswordException for a password the pool's policy refuses. */
function checkPasswordPolicy(password: string, policy: PasswordPolicy | undefined) {
  const broken = passwordPolicyProblem(password, policy);
  if (broken) {
    throw new CognitoError(
      'InvalidPasswordException',
      `Password does not conform to policy: ${broken}`,
    );
  }
}

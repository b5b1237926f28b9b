/**
 * Server configuration from the environment, validated once at start-up. A bad value stops the
 * process with a message naming the variable, instead of failing later in a request.
 */
import { z } from 'zod';
import { trustProxySetting } from './http/trust-proxy';
import { identityConfigShape, refineIdentityConfig } from './identity/config';

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    /** Port of the one HTTP server (app, /api, /jobs-api, /storage). 0 picks a free port. */
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    /** The built PWA to serve; when it does not exist only the API is served (npm run dev). */
    DIST_DIR: z.string().min(1).default('dist'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** A real Postgres (e.g. postgres://user:pass@localhost:5432/referralhub). When empty, the
     * embedded PGlite database in DATA_DIR is used. */
    DATABASE_URL: z
      .union([z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'), z.literal('')])
      .default(''),
    /** Where the embedded database (and local files) live; created on first start. */
    DATA_DIR: z.string().min(1).default('.data'),
    /** Fill an empty database with the demo companies, jobs and users on start. */
    SEED_DEMO_DATA: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /** App origins allowed to call the APIs from another host (comma-separated). Empty: same
     * origin only. */
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url())),
    /** Writes (applications, contact requests, …) one client may make per minute per route. */
    RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
    /** Upload links and uploads one client may ask for per minute per route. */
    RATE_LIMIT_UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
    /** The proxy allowed to give the client's address in X-Forwarded-For: empty (off), or the
     * proxy's addresses/CIDR ranges, comma-separated (server/http/trust-proxy.ts). */
    TRUST_PROXY: trustProxySetting,
    /** A request's headers and body must arrive within this (slow-client protection; the
     * reasoning for the default is in server/http/server-timeouts.ts). */
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
    /** A connection on which nothing moves for this long is closed. */
    HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
    /** Shed API requests with 503 + Retry-After while the event loop keeps lagging more than
     * this on average (server/http/shedding.ts); 0 turns shedding off. */
    SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(100),
    /** Shed API requests with 503 while this many are already being answered; 0: no cap. */
    SHED_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(1_000_000).default(0),
    /** Amazon Cognito's hosted sign-in domain (e.g. auth.referralhub.example.com), for hosted
     * OAuth such as LinkedIn sign-in. Cognito mode only; the local stand-in has its own. */
    COGNITO_OAUTH_DOMAIN: z
      .string()
      .regex(/^[a-z0-9.-]+(:\d+)?$/i, 'must be a host name')
      .optional(),
    /** Public origin when served over https behind a proxy: turns on upgrade-insecure-requests
     * and HSTS, and is the origin of the links and sign-in return URLs the server hands out.
     * Left empty for plain-http local runs: then they use the listening address
     * (http://localhost:PORT), never the request's Host (server/http/public-origin.ts). */
    PUBLIC_ORIGIN: z.union([z.url(), z.literal('')]).default(''),
    /** HMAC secret for signed upload URLs (PUT /storage). Empty: generated once and kept in
     * DATA_DIR (server/storage/signing-secret.ts); set it when several instances share uploads. */
    STORAGE_SIGNING_SECRET: z.union([z.string().min(32), z.literal('')]).default(''),
    /** Where uploaded CVs live: `local` (DATA_DIR/objects, uploads through PUT /storage) or `s3`
     * (presigned URLs straight to S3_BUCKET; server/storage/README.md). */
    OBJECT_STORE: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: z
      .union([
        z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name'),
        z.literal(''),
      ])
      .default(''),
    /** spec §9: the AWS region is ap-south-1. Credentials come from the AWS SDK's default chain. */
    S3_REGION: z
      .string()
      .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region')
      .default('ap-south-1'),
    /** An S3-compatible endpoint (e.g. MinIO); empty: AWS. */
    S3_ENDPOINT: z.union([z.url(), z.literal('')]).default(''),
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** Mail (issue 17, server/mail): local = a dev mailbox in the log and /_dev/mail; smtp. */
    MAIL_MODE: z.enum(['local', 'smtp']).default('local'),
    /** smtp(s)://user:pass@host:port, required when MAIL_MODE is smtp. */
    SMTP_URL: z
      .union([
        z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL'),
        z.literal(''),
      ])
      .default(''),
    /** The From address of mail the server sends. */
    MAIL_FROM: z.email().default('no-reply@referrals.example.com'),
    /** Payments (issue 18, server/payments): `local` = the built-in test gateway (its checkout
     * page grants credits for free: never behind a public https origin), `razorpay` = Razorpay
     * with the three keys below. Secrets come from the environment only and are never logged. */
    PAYMENT_PROVIDER: z.enum(['local', 'razorpay']).default('local'),
    /** Razorpay key id (public: the app's Checkout is opened with it), rzp_test_… or rzp_live_…. */
    RAZORPAY_KEY_ID: z
      .union([
        z.string().regex(/^rzp_(test|live)_[A-Za-z0-9]+$/, 'must be a Razorpay key id'),
        z.literal(''),
      ])
      .default(''),
    RAZORPAY_KEY_SECRET: z.string().default(''),
    RAZORPAY_WEBHOOK_SECRET: z.string().default(''),
    /** bench:cluster only: the PEM file of a local test push service's certificate. When set,
     * push messages go through an agent trusting only it, and loopback endpoints are accepted
     * (server/push/register.ts). Never behind a public https origin. */
    PUSH_TEST_SERVICE_CA_FILE: z.string().default(''),
    ...identityConfigShape,
  })
  .superRefine(refineIdentityConfig)
  .superRefine((config, ctx) => {
    if (config.MAIL_MODE === 'smtp' && !config.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required when MAIL_MODE is smtp',
        input: config.SMTP_URL,
      });
    }
  })
  .superRefine((config, ctx) => {
    if (config.OBJECT_STORE === 's3' && !config.S3_BUCKET) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'is required when OBJECT_STORE is s3',
        input: config.S3_BUCKET,
      });
    }
  })
  .superRefine((config, ctx) => {
    if (config.PAYMENT_PROVIDER !== 'razorpay') {
      // The local gateway's checkout grants credits for free: never behind a public origin.
      if (config.PUBLIC_ORIGIN.startsWith('https:')) {
        ctx.addIssue({
          code: 'custom',
          path: ['PAYMENT_PROVIDER'],
          message: 'must be razorpay when PUBLIC_ORIGIN is a public https origin',
          input: config.PAYMENT_PROVIDER,
        });
      }
      return;
    }
    for (const key of [
      'RAZORPAY_KEY_ID',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
    ] as const) {
      if (!config[key]) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'is required when PAYMENT_PROVIDER is razorpay',
          input: '',
        });
      }
    }
  })
  .superRefine((config, ctx) => {
    // A test push service lets the server POST to loopback addresses: never behind a public
    // origin, where a stored endpoint could reach the server's own network.
    if (config.PUSH_TEST_SERVICE_CA_FILE && config.PUBLIC_ORIGIN.startsWith('https:')) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUSH_TEST_SERVICE_CA_FILE'],
        message: 'must be empty when PUBLIC_ORIGIN is a public https origin',
        input: config.PUSH_TEST_SERVICE_CA_FILE,
      });
    }
  })
  .superRefine((config, ctx) => {
    // The local stand-in signs with a key published in its npm package: never behind a public
    // https origin.
    if (config.IDENTITY_MODE === 'local' && config.PUBLIC_ORIGIN.startsWith('https:')) {
      ctx.addIssue({
        code: 'custom',
        path: ['IDENTITY_MODE'],
        message: 'must be cognito when PUBLIC_ORIGIN is a public https origin',
        input: config.IDENTITY_MODE,
      });
    }
  });

export type ServerConfig = z.infer<typeof ConfigSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new Error(`Invalid server configuration:\n${problems}`);
  }
  return parsed.data;
}

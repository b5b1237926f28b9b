/**
 * Security headers for every response (@fastify/helmet), with a Content-Security-Policy the app
 * passes: scripts only from our origin (Vite emits no inline scripts), styles from our origin plus
 * inline style attributes (Mantine sets CSS variables and style props inline), images from https
 * (company logos live on other hosts) and data: URLs, and connections to our origin plus the
 * identity endpoints given in `connectSrc`.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityOptions {
  /** Extra origins the browser may call (identity provider, a separate API/jobs host). */
  connectSrc: string[];
  /** Served over https: add upgrade-insecure-requests and HSTS. */
  https: boolean;
  /** Razorpay Checkout is used (PAYMENT_PROVIDER=razorpay): its script and frames are allowed. */
  razorpayCheckout?: boolean;
}

// Razorpay Standard Checkout: checkout.js from its CDN opens an iframe served by api.razorpay.com.
const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com';
const RAZORPAY_FRAMES = ['https://api.razorpay.com', 'https://checkout.razorpay.com'];

export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...(options.razorpayCheckout ? [RAZORPAY_SCRIPT] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...options.connectSrc],
        ...(options.razorpayCheckout ? { frameSrc: RAZORPAY_FRAMES } : {}),
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.https ? { maxAge: 15552000, includeSubDomains: true } : false,
    // The app loads logos from other origins; COEP would block them.
    crossOriginEmbedderPolicy: false,
  });
}

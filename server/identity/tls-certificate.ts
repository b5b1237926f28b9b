/**
 * A throw-away self-signed certificate for the hosted-UI listener, made at start-up. Amplify
 * always builds `https://<oauth.domain>/oauth2/...`, so the local domain must speak https; a
 * certificate generated per run means no key is ever committed or shared. Browsers ask once to
 * trust it (Playwright runs with `ignoreHTTPSErrors`); Node clients can pass `certificate` as a
 * trusted CA. EC P-256 because it is generated in milliseconds, unlike a 2048-bit RSA key.
 */
import { isIP } from 'node:net';
import { generate } from 'selfsigned';

export interface TlsCertificate {
  /** PEM. */
  readonly certificate: string;
  /** PEM (PKCS#8). Kept in memory only. */
  readonly privateKey: string;
}

/** Valid for a month: long enough for any run, short enough that a stray copy soon expires. */
const VALIDITY_MS = 30 * 24 * 60 * 60 * 1000;

export async function createTlsCertificate(host: string): Promise<TlsCertificate> {
  const names = new Set(['localhost', '127.0.0.1', '::1', host]);
  const altNames = [...names]
    .filter((name) => name !== '0.0.0.0' && name !== '::')
    .map((name) =>
      isIP(name) ? { type: 7 as const, ip: name } : { type: 2 as const, value: name },
    );
  const now = new Date();
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - 60_000),
    notAfterDate: new Date(now.getTime() + VALIDITY_MS),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames },
    ],
  });
  return { certificate: pems.cert, privateKey: pems.private };
}

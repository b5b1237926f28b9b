/**
 * Passkeys of the signed-in user (issue 27), through Amplify v6's own calls so the same code
 * works against Amazon Cognito: `associateWebAuthnCredential` (Cognito's Start/Complete
 * WebAuthnRegistration around the browser's passkey prompt), `listWebAuthnCredentials`,
 * `deleteWebAuthnCredential`. Loaded on demand with the passkeys screen, like
 * `amplify-session.ts` (design/identity.md: Amplify stays out of the first load).
 */
import {
  associateWebAuthnCredential,
  deleteWebAuthnCredential,
  listWebAuthnCredentials,
} from 'aws-amplify/auth';
import { ensureConfigured } from './amplify-session';

export interface Passkey {
  id: string;
  /** Named by the device that made it ("Chrome on Android"). */
  name: string;
  createdAt: Date | null;
}

/** Opens the device's passkey prompt and registers the new passkey with the identity service. */
export async function addPasskey(): Promise<void> {
  await ensureConfigured();
  await associateWebAuthnCredential();
}

export async function listPasskeys(): Promise<Passkey[]> {
  await ensureConfigured();
  const passkeys: Passkey[] = [];
  let nextToken: string | undefined;
  do {
    const page = await listWebAuthnCredentials(nextToken ? { nextToken } : undefined);
    for (const credential of page.credentials) {
      if (!credential.credentialId) continue;
      passkeys.push({
        id: credential.credentialId,
        name: credential.friendlyCredentialName ?? 'Passkey',
        createdAt: credential.createdAt ?? null,
      });
    }
    nextToken = page.nextToken;
  } while (nextToken);
  return passkeys;
}

export async function removePasskey(id: string): Promise<void> {
  await ensureConfigured();
  await deleteWebAuthnCredential({ credentialId: id });
}

/** What the corporate routes (issue 20) are registered with. */
import type { ServerConfig } from '../config';
import type { CorporateWriteOptions } from '../jobs/company-access';
import type { MailSender } from '../mail/mail-sender';
import type { ObjectStore } from '../storage/object-store';
import type { CorporateGroupSync } from './group-sync';

export interface CvLink {
  readonly url: string;
  readonly expiresAt: string;
}

export interface CorporateRouteOptions extends CorporateWriteOptions {
  config: ServerConfig;
  mail: MailSender;
  /** A short-lived signed link to a stored CV, or null when the object is gone. */
  cvLink: (objectKey: string) => Promise<CvLink | null>;
  /** Tests: the clock of invite expiry. */
  clock: () => Date;
  /** Where uploaded files (company logos) live, and the upload URLs' signing secret. */
  store: ObjectStore;
  signingSecret: () => string;
  /** Roles reach the identity pool's groups (group-sync.ts). */
  groupSync: CorporateGroupSync;
}

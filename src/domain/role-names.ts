/**
 * spec §6: the roles, by name. On their own (roles.ts has the permissions and the rest) for the
 * session mirror's check on every first load (src/lib/auth/session-store.ts, issue 24).
 */
export const ROLES = [
  'admin',
  'corporate',
  'corporate-admin',
  'corporate-recruiter',
  'evaluator',
  'linkedin',
  'general-user',
] as const;
export type Role = (typeof ROLES)[number];

export type CorporateUserType = 'corporate-admin' | 'corporate-recruiter';

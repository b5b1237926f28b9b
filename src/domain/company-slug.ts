/** The URL segment for a company name: spaces become underscores (as in /referrals links). */
export function companySlug(name: string): string {
  return name.trim().replace(/\s+/g, '_');
}

/**
 * In-app paths the referral screens link to, as plain strings: Mantine's polymorphic
 * `component={Link}` loses the router's typed params, so the paths are built here once.
 */
import { ReferralPages } from '@/domain/contract/referrals';

const slug = (name: string) => encodeURIComponent(name.trim().replace(/\s+/g, '_'));

export const referralPaths = {
  tracker: ReferralPages.tracker,
  request: ReferralPages.request,
  /** spec §2 /jobs/{companyName}/{jobid}. */
  job: (companyName: string, jobId: string) =>
    `/jobs/${slug(companyName)}/${encodeURIComponent(jobId)}`,
  /** spec §2 /guidance/{name}/{key}. */
  guidance: (companyName: string, companyId: string) =>
    ReferralPages.guidance(companyName, companyId),
};

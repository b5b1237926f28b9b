/**
 * "Report this job" on the job page (issue 21 item 1), for signed-in job seekers only. The form,
 * its reasons and the outbox load only for them (report-job-form.tsx), so a signed-out visitor's
 * job page carries none of it (issue 24 item 2).
 */
import { lazy, Suspense } from 'react';
import { hasPermission } from '@/domain/roles';
import { useSession } from '@/lib/auth';

export interface ReportJobProps {
  readonly job: { readonly id: string; readonly jobTitle: string; readonly companyName: string };
}

const ReportJobForm = lazy(() =>
  import('./report-job-form').then((m) => ({ default: m.ReportJobForm })),
);

export function ReportJob({ job }: ReportJobProps) {
  const session = useSession();
  // spec §6: job seekers (apply_jobs); a company's users and evaluators do not report posts.
  if (!session || !hasPermission(session.userType, 'apply_jobs')) return null;
  // Last thing on the page, after the description: nothing below it moves while it loads.
  return (
    <Suspense fallback={null}>
      <ReportJobForm job={job} userId={session.sub} />
    </Suspense>
  );
}

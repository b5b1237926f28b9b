import type { APIRequestContext, Page } from '@playwright/test';

/** Server-side truth for outbox tests: what the server really recorded, read over the API. */

export interface JobSummary {
  id: string;
  companyName: string;
  jobTitle: string;
  isExternal: boolean;
  jobUrl?: string | null;
}

/** The signed-in user's access token, as Amplify stores it in this page's localStorage. */
export async function accessTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (const key of Object.keys(window.localStorage)) {
      if (key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.accessToken')) {
        return window.localStorage.getItem(key);
      }
    }
    return null;
  });
  if (!token) throw new Error('No access token in this page: sign in first');
  return token;
}

export async function myApplications(request: APIRequestContext, token: string) {
  const response = await request.get('/jobs-api/applications/mine', {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok()) throw new Error(`applications/mine answered ${response.status()}`);
  return ((await response.json()) as { data: { jobId: string; kind: string }[] }).data;
}

/** Published jobs of one kind that this user has not applied to yet. */
export async function unappliedJobs(
  request: APIRequestContext,
  token: string,
  { external = false, count = 1, skip = 0 } = {},
): Promise<JobSummary[]> {
  const response = await request.get(
    `/jobs-api/job/?pageSize=100&dashboard=${external ? 'EXTERNAL' : 'USER'}`,
  );
  const jobs = ((await response.json()) as { data: JobSummary[] }).data;
  const applied = new Set((await myApplications(request, token)).map((a) => a.jobId));
  const free = jobs.filter((job) => !applied.has(job.id)).slice(skip, skip + count);
  if (free.length < count) throw new Error('Not enough unapplied jobs in the seed');
  return free;
}

export function jobPath(job: JobSummary): string {
  return `/jobs/${encodeURIComponent(job.companyName.replace(/ /g, '_'))}/${job.id}`;
}

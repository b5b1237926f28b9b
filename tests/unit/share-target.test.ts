import { describe, expect, it } from 'vitest';
import { shareDestination } from '@/features/install';

const origin = 'https://app.referralhub.example';

describe('share target', () => {
  it('opens a shared link to one of our jobs, from url or from text', () => {
    expect(shareDestination({ url: `${origin}/jobs/Acme_Corp/job-42` }, origin)).toEqual({
      to: 'job',
      companyName: 'Acme_Corp',
      jobId: 'job-42',
    });
    expect(
      shareDestination(
        { title: 'Look', text: `Frontend role ${origin}/jobs/Acme/j%201/?utm=x apply soon` },
        origin,
      ),
    ).toEqual({ to: 'job', companyName: 'Acme', jobId: 'j 1' });
  });

  it("searches the jobs for anything that is not our job's link", () => {
    expect(
      shareDestination(
        { text: 'React developer Bengaluru', url: 'https://other.example/jobs/a/b' },
        origin,
      ),
    ).toEqual({ to: 'search', searchText: 'React developer Bengaluru' });
    expect(shareDestination({ url: `${origin}/referrals/x/y` }, origin)).toEqual({
      to: 'search',
      searchText: '',
    });
    expect(shareDestination({ title: 'Data engineer' }, origin)).toEqual({
      to: 'search',
      searchText: 'Data engineer',
    });
    expect(shareDestination({ url: `${origin}/jobs/%E0%A4%A/x` }, origin).to).toBe('search');
    expect(shareDestination({ text: 'x'.repeat(500) }, origin)).toEqual({
      to: 'search',
      searchText: 'x'.repeat(200),
    });
  });
});

import { describe, expect, it } from 'vitest';
import { pushViewOf } from '../../sw/push';

describe("the service worker's reading of a push message", () => {
  it('takes title, body, the in-app url, job id, logo and tag', () => {
    expect(
      pushViewOf({
        title: 'A saved job has closed',
        body: 'Engineer at Acme is no longer open.',
        url: '/jobs/Acme/job-1',
        jobId: 'job-1',
        icon: 'https://cdn.example/acme.png',
        tag: 'job-job-1',
      }),
    ).toEqual({
      title: 'A saved job has closed',
      body: 'Engineer at Acme is no longer open.',
      url: '/jobs/Acme/job-1',
      jobId: 'job-1',
      icon: 'https://cdn.example/acme.png',
      tag: 'job-job-1',
    });
  });

  it('never follows a link off the app, and survives junk', () => {
    for (const url of [
      'https://evil.example/jobs/a/b',
      '//evil.example/x',
      'javascript:alert(1)',
      42,
    ]) {
      expect(pushViewOf({ title: 'x', url }).url).toBe('/saved-jobs');
    }
    expect(pushViewOf(null)).toEqual({
      title: 'ReferralHub',
      body: '',
      url: '/saved-jobs',
      jobId: undefined,
      icon: undefined,
      tag: undefined,
    });
    expect(pushViewOf({ title: 'x'.repeat(500), body: 7 }).title).toHaveLength(120);
  });
});

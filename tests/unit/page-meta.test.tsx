import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readsQueries } from '@/domain/page-meta';
import { validateContactRequest } from '@/features/info-pages';
import { isIndexable, robotsFor, SITEMAP_PATHS, toneFor } from '@/features/shell';
import { renderApp } from './render-app';

describe('indexing hints (spec §2)', () => {
  it('indexes the public pages and never the signed-in, auth or post-sign-up pages', () => {
    for (const path of SITEMAP_PATHS) expect(isIndexable(path), path).toBe(true);
    expect(isIndexable('/jobs/acme_corp/42')).toBe(true);
    for (const path of ['/v1/candidate/profile', '/auth/login', '/post-signup-form', '/faqs', '/x'])
      expect(robotsFor(path), path).toBe('noindex, nofollow');
  });

  it('sets the robots meta, canonical link, title and page tone from the route', async () => {
    await renderApp('/faq');
    await screen.findByRole('heading', { level: 1 });
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'index, follow',
    );
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(
      /\/faq$/,
    );
    expect(document.title).toMatch(/Frequently asked questions/);
    expect(document.body.dataset.pageTone).toBe(toneFor('/faq'));
  });

  it('drops the canonical link and says noindex on an auth page', async () => {
    await renderApp('/auth/login');
    await screen.findByRole('heading', { level: 1 });
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    );
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
  });
});

describe('pages that read queries (issue 24)', () => {
  it('names `/` alone as a page without queries, with or without a trailing slash', () => {
    expect(readsQueries('/')).toBe(false);
    for (const path of [
      '/jobs',
      '/jobs/',
      '/faq',
      '/jobs/acme/job-1',
      '/v1/candidate/profile',
      '/x',
    ])
      expect(readsQueries(path), path).toBe(true);
  });
});

describe('contact form checks', () => {
  it('names each bad field with the same message the server uses', () => {
    expect(
      validateContactRequest({
        name: 'A',
        email: 'x',
        company: '',
        phone: 'call',
        teamSize: '',
        message: 'hi',
      }),
    ).toEqual({
      name: 'Please enter your name (at least 2 characters).',
      email: 'Please enter a valid email address, like name@company.com.',
      company: 'Please enter your company name.',
      phone: 'Please enter a valid phone number, like +91 98765 43210.',
      teamSize: 'Please choose your team size.',
      message: 'Please tell us a little more (at least 20 characters).',
    });
    expect(
      validateContactRequest({
        name: 'Asha Rao',
        email: 'asha@acme.example',
        company: 'Acme',
        phone: '',
        teamSize: '10-50',
        message: 'We are hiring two designers in Pune.',
      }),
    ).toEqual({});
  });
});

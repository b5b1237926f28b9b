import { afterEach, describe, expect, it } from 'vitest';
import { profileState } from '@/domain/profile-state';
import {
  MAX_RESUME_BYTES,
  parseLoaderProgress,
  PARSE_LOADER_MAX_MS,
  resumeFileError,
  RESUME_MESSAGES,
  saveContinuation,
  takeContinuationUrl,
} from '@/features/apply';

describe('profile state after the basic-details fetch (spec §4)', () => {
  const complete = { CTC: 12, YOE: 4, isCvExtracted: true, designation: 'Engineer', skillCount: 3 };

  it('is complete with CTC, an extracted CV and designation, skills or YOE', () => {
    expect(profileState(complete)).toEqual({ complete: true });
    expect(profileState({ CTC: 12, isCvExtracted: true, YOE: 0 })).toEqual({ complete: true });
    expect(profileState({ CTC: 12, isCvExtracted: true, skillCount: 1 })).toEqual({
      complete: true,
    });
  });

  it('offers Update Profile when basic fields are missing', () => {
    expect(profileState({ ...complete, CTC: null })).toEqual({
      complete: false,
      offer: 'updateProfile',
    });
    expect(
      profileState({ CTC: 12, isCvExtracted: true, designation: '  ', skillCount: 0, YOE: null }),
    ).toEqual({ complete: false, offer: 'updateProfile' });
  });

  it('offers Update Resume when the details exist but nothing came from a CV', () => {
    expect(profileState({ ...complete, isCvExtracted: false })).toEqual({
      complete: false,
      offer: 'updateResume',
    });
  });
});

describe('resume file rules (spec §5, §9)', () => {
  const pdf = (size: number, name = 'cv.pdf', type = 'application/pdf') => ({ name, size, type });

  it('accepts a PDF under 2 MB', () => {
    expect(resumeFileError(pdf(1024))).toBeNull();
    expect(resumeFileError(pdf(MAX_RESUME_BYTES - 1))).toBeNull();
    // Some platforms give no type: the extension decides.
    expect(resumeFileError(pdf(1024, 'cv.PDF', ''))).toBeNull();
  });

  it('refuses with the exact messages of spec §5', () => {
    expect(resumeFileError(null)).toBe('Please select a PDF file before uploading.');
    expect(resumeFileError(pdf(0))).toBe('Invalid or empty file.');
    expect(resumeFileError(pdf(10, ''))).toBe('Invalid or empty file.');
    expect(resumeFileError(pdf(10, 'cv.docx', 'application/msword'))).toBe(
      'Only PDF files are allowed.',
    );
    expect(resumeFileError(pdf(MAX_RESUME_BYTES))).toBe('File must be less than 2MB.');
    expect(RESUME_MESSAGES.tooLarge).toBe('File must be less than 2MB.');
  });
});

describe('CV parse loader (spec §9)', () => {
  it('creeps towards 95 % and never claims completion', () => {
    let previous = -1;
    for (let t = 0; t <= PARSE_LOADER_MAX_MS * 3; t += 500) {
      const value = parseLoaderProgress(t);
      expect(value).toBeGreaterThanOrEqual(previous);
      expect(value).toBeLessThanOrEqual(95);
      previous = value;
    }
    expect(parseLoaderProgress(0)).toBe(0);
    // Fast mode after 8 s: it moves faster right after the switch than just before it.
    const before = parseLoaderProgress(8_000) - parseLoaderProgress(7_000);
    const after = parseLoaderProgress(9_000) - parseLoaderProgress(8_000);
    expect(after).toBeGreaterThan(before);
    expect(parseLoaderProgress(PARSE_LOADER_MAX_MS)).toBeGreaterThan(90);
  });
});

describe('pending referral continuation (spec §4)', () => {
  afterEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('is kept in session and local storage and used once', () => {
    saveContinuation('/jobs/Acme/job-000007');
    const expected = { type: 'referral', url: '/jobs/Acme/job-000007', data: {} };
    expect(JSON.parse(sessionStorage.getItem('pendingReferralContinuation')!)).toEqual(expected);
    expect(JSON.parse(localStorage.getItem('pendingReferralContinuation')!)).toEqual(expected);
    expect(takeContinuationUrl()).toBe('/jobs/Acme/job-000007');
    expect(takeContinuationUrl()).toBeNull();
  });

  it('ignores odd data and URLs that leave the app', () => {
    localStorage.setItem('pendingReferralContinuation', '{not json');
    expect(takeContinuationUrl()).toBeNull();
    localStorage.setItem(
      'pendingReferralContinuation',
      JSON.stringify({ type: 'referral', url: '//evil.example/x', data: {} }),
    );
    expect(takeContinuationUrl()).toBeNull();
    localStorage.setItem(
      'pendingReferralContinuation',
      JSON.stringify({ type: 'referral', url: 'https://evil.example/', data: {} }),
    );
    expect(takeContinuationUrl()).toBeNull();
  });
});

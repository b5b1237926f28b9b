/**
 * The system's flags on job posts (issue 21 item 1) on fixed examples: fee and contact-for-money
 * wording (and its negations), a missing salary end, and duplicates within a company.
 */
import { describe, expect, it } from 'vitest';
import {
  FEE_PREFILTER,
  flagJobs,
  hasFeeRequest,
  normaliseTitle,
  similarity,
  type FlagInput,
} from '../../server/admin/flags';

const DESCRIPTION =
  '<p><strong>Acme</strong> is hiring a Backend Engineer to build payment APIs.</p><ul><li>Design services in Go.</li><li>Own on-call for the ledger.</li><li>Review code with the team.</li></ul><p>Hands-on experience with Go, Postgres, Kafka.</p>';

function post(overrides: Partial<FlagInput> & { id: string }): FlagInput {
  return {
    companyId: 'cmp-acme',
    jobTitle: 'Backend Engineer',
    city: 'Pune',
    jobDescription: DESCRIPTION,
    salaryMin: 12,
    salaryMax: 20,
    createdAt: new Date('2026-11-01T10:00:00Z'),
    ...overrides,
  };
}

describe('fee requests and contact-for-money wording', () => {
  const FLAGGED = [
    'A registration fee of Rs. 1500 is payable before the interview.',
    'Candidates must pay ₹2,000 for the training kit.',
    'Pay only Rs 499 to confirm your slot.',
    'A refundable security deposit is collected at joining.',
    'Processing fee: INR 750 (non-refundable).',
    'Send the amount on WhatsApp 98xxxxxx10 to book the interview.',
    'Fees of ₹999 via GPay to the HR.',
    'WhatsApp your payment screenshot to HR after paying the fee.',
    'Kindly pay &#8377;1200 towards documentation.',
    '<p>Joining charges apply.</p>',
    'Transfer Rs.3000 via UPI and share the receipt.',
    'Kindly pay Rs&nbsp;999 to HR.',
  ];
  it.each(FLAGGED)('flags %j', (text) => {
    expect(hasFeeRequest(text)).toBe(true);
  });

  it('passes every flagged text through the database prefilter (it must stay a superset)', () => {
    const prefilter = new RegExp(FEE_PREFILTER, 'i');
    for (const text of FLAGGED) expect(prefilter.test(text), text).toBe(true);
  });

  it.each([
    'We never charge a registration fee. Beware of anyone asking for money.',
    'There is no security deposit or fee of any kind.',
    'Competitive pay, health insurance and a learning budget.',
    'You will build payment systems used by 10 million people.',
    'Salary Rs 12-20 LPA depending on experience.',
    'Work with UPI and payment gateways at scale.',
    'Share your CV on WhatsApp for a quick call back.',
    'Office hours 9 to 6, five days a week.',
    'Reimbursement of travel expenses for the interview.',
  ])('does not flag %j', (text) => {
    expect(hasFeeRequest(text)).toBe(false);
  });
});

describe('flagJobs', () => {
  it('flags a post without both ends of a salary range', () => {
    const flags = flagJobs([
      post({ id: 'a', salaryMin: null, salaryMax: null }),
      post({ id: 'b', companyId: 'cmp-b', salaryMin: 10, salaryMax: null }),
      post({ id: 'c', companyId: 'cmp-c' }),
    ]);
    expect(flags.get('a')?.flags).toEqual(['noSalary']);
    expect(flags.get('b')?.flags).toEqual(['noSalary']);
    expect(flags.get('c')?.flags).toEqual([]);
  });

  it('flags fee wording in the title or the description', () => {
    const flags = flagJobs([
      post({ id: 'title', jobTitle: 'Data Entry (registration fee Rs 500)', companyId: 'x' }),
      post({
        id: 'body',
        companyId: 'y',
        jobDescription: `${DESCRIPTION}<p>Pay ₹1,500 security deposit on WhatsApp.</p>`,
      }),
    ]);
    expect(flags.get('title')?.flags).toEqual(['feeRequest']);
    expect(flags.get('body')?.flags).toEqual(['feeRequest']);
  });

  it('flags the newer of two posts of one company with the same title and description', () => {
    const original = post({ id: 'job-1', createdAt: new Date('2026-11-01T10:00:00Z') });
    const copy = post({
      id: 'job-2',
      jobTitle: '  backend engineer! ',
      // One word changed: still the same post.
      jobDescription: DESCRIPTION.replace('ledger', 'wallet'),
      createdAt: new Date('2026-11-03T10:00:00Z'),
    });
    const flags = flagJobs([copy, original]);
    expect(flags.get('job-1')).toEqual({ flags: [], duplicateOf: null });
    expect(flags.get('job-2')).toEqual({ flags: ['duplicate'], duplicateOf: 'job-1' });
  });

  it('does not call a different company, city, title or description a duplicate', () => {
    const flags = flagJobs([
      post({ id: 'job-1' }),
      post({ id: 'other-city', city: 'Bengaluru' }),
      post({ id: 'other-company', companyId: 'cmp-other' }),
      post({ id: 'other-title', jobTitle: 'Frontend Engineer' }),
      post({
        id: 'other-text',
        jobDescription:
          '<p>Join our mobile team to ship the Android app: Kotlin, Compose, offline sync, crash-free releases and accessibility.</p>',
      }),
      post({ id: 'no-company', companyId: null }),
      post({ id: 'no-company-2', companyId: null }),
    ]);
    for (const id of [
      'other-city',
      'other-company',
      'other-title',
      'other-text',
      'no-company',
      'no-company-2',
    ]) {
      expect(flags.get(id)?.flags, id).toEqual([]);
    }
  });

  it('normalises titles and measures word overlap', () => {
    expect(normaliseTitle('Sr. Software Engineer (Java)!')).toBe('sr software engineer java');
    expect(similarity('<p>a b c d</p>', 'a b c d')).toBe(1);
    expect(similarity('a b c d', 'e f g h')).toBe(0);
    expect(similarity('a b c d', 'a b c e')).toBeCloseTo(3 / 5);
  });
});

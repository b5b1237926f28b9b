/**
 * Product records for the demo accounts of the identity stand-in (server/identity/demo-accounts:
 * same emails, names and fixed `sub`s, so a signed-in demo user finds their records). The
 * candidate has a complete profile with an extracted CV, `newcandidate` has no CV, the referee
 * last used the employee dashboard, and `deactivated` is a corporate user whose record is marked
 * deleted (spec §4: such a user gets an error toast and is signed out). `nocredits` has a CV and
 * no referral credits, `referee2` refers at the same company as `referee` (issue 16).
 */
import type { InferInsertModel } from 'drizzle-orm';
import { DEMO_ACCOUNTS } from '../identity/demo-accounts';
import type { corporateUsers, users } from '../db/schema';
import { DEMO_CV_KEY, NO_CREDITS_CV_KEY } from './demo-cv';

type UserRow = InferInsertModel<typeof users>;
type CorporateUserRow = InferInsertModel<typeof corporateUsers>;

/** Profile data beyond the identity: what each demo general user has filled in. */
const profiles: Record<string, Partial<UserRow>> = {
  'candidate@example.com': {
    designation: 'Frontend Engineer',
    coreSkills: ['React', 'TypeScript', 'JavaScript', 'HTML', 'CSS'],
    softSkills: ['Communication', 'Teamwork', 'Ownership'],
    technicalSkills: ['Git', 'Jest', 'REST APIs'],
    yoe: 4,
    ctc: 18,
    ectc: 26,
    noticePeriod: 30,
    location: 'Bengaluru',
    about: 'Frontend engineer who cares about fast, accessible interfaces on cheap phones.',
    lastAccessedDash: 'CAND',
    referralCount: 3,
    cvFileName: 'candidate-cv.pdf',
    cvObjectKey: DEMO_CV_KEY,
    isCvExtracted: true,
    cvUpdatedAt: new Date(Date.UTC(2026, 9, 20)),
  },
  'newcandidate@example.com': { lastAccessedDash: 'CAND', referralCount: 1 },
  'referee@example.com': {
    designation: 'Senior Software Engineer',
    coreSkills: ['Java', 'Spring Boot', 'Microservices'],
    softSkills: ['Leadership', 'Communication'],
    yoe: 9,
    ctc: 42,
    location: 'Hyderabad',
    lastAccessedDash: 'EMP',
  },
  // issue 16: a complete profile with a CV but no referral credits (spec §4 zeroReferral).
  'nocredits@example.com': {
    designation: 'Backend Engineer',
    coreSkills: ['Java', 'Spring Boot', 'SQL', 'Microservices'],
    softSkills: ['Communication', 'Problem Solving'],
    technicalSkills: ['REST APIs', 'Git'],
    yoe: 3,
    ctc: 12,
    location: 'Pune',
    lastAccessedDash: 'CAND',
    referralCount: 0,
    cvFileName: 'arjun-rao-cv.pdf',
    cvObjectKey: NO_CREDITS_CV_KEY,
    isCvExtracted: true,
    cvUpdatedAt: new Date(Date.UTC(2026, 9, 12)),
  },
  'referee2@example.com': {
    designation: 'Engineering Manager',
    coreSkills: ['React', 'Node.js', 'System Design'],
    softSkills: ['Leadership', 'Mentoring'],
    yoe: 11,
    ctc: 55,
    location: 'Bengaluru',
    lastAccessedDash: 'EMP',
  },
  'admin@example.com': { lastAccessedDash: 'EMP' },
  'evaluator@example.com': { lastAccessedDash: 'EMP' },
};

export function demoGeneralUsers(): UserRow[] {
  return DEMO_ACCOUNTS.filter((account) => !account.group.startsWith('corporate')).map(
    (account) => ({
      id: `usr-${account.email.split('@')[0]}`,
      email: account.email,
      name: account.name,
      cognitoSub: account.sub,
      userType: [account.group],
      ...profiles[account.email],
    }),
  );
}

export function demoCorporateUsers(companyId: string): CorporateUserRow[] {
  return DEMO_ACCOUNTS.filter((account) => account.group.startsWith('corporate')).map((account) => {
    const [firstName = '', ...rest] = account.name.split(' ');
    return {
      id: `corp-${account.email.split('@')[0]}`,
      cognitoUserId: account.sub,
      email: account.email,
      firstName,
      lastName: rest.join(' '),
      corporateUserType: account.group,
      companyId,
      isDeleted: account.deactivated,
    };
  });
}

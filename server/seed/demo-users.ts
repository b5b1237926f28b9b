/**
 * Product records for the demo accounts of the identity stand-in (same emails; see README).
 * The candidate has a complete profile with an extracted CV, `newcandidate` has no CV, the
 * referee last used the employee dashboard, and `deactivated` is a corporate user whose record is
 * marked deleted (spec §4: such a user gets an error toast and is signed out).
 */
import type { InferInsertModel } from 'drizzle-orm';
import type { corporateUsers, users } from '../db/schema';

type UserRow = InferInsertModel<typeof users>;
type CorporateUserRow = InferInsertModel<typeof corporateUsers>;

export function demoGeneralUsers(): UserRow[] {
  return [
    {
      id: 'usr-candidate',
      email: 'candidate@example.com',
      name: 'Asha Rao',
      userType: ['general-user'],
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
      cvFileName: 'asha-rao-cv.pdf',
      isCvExtracted: true,
      cvUpdatedAt: new Date(Date.UTC(2026, 9, 20)),
    },
    {
      id: 'usr-newcandidate',
      email: 'newcandidate@example.com',
      name: 'Rohan Mehta',
      userType: ['general-user'],
      lastAccessedDash: 'CAND',
      referralCount: 1,
    },
    {
      id: 'usr-referee',
      email: 'referee@example.com',
      name: 'Priya Nair',
      userType: ['general-user'],
      designation: 'Senior Software Engineer',
      coreSkills: ['Java', 'Spring Boot', 'Microservices'],
      softSkills: ['Leadership', 'Communication'],
      yoe: 9,
      ctc: 42,
      location: 'Hyderabad',
      lastAccessedDash: 'EMP',
      referralCount: 0,
      isCvExtracted: false,
    },
    {
      id: 'usr-admin',
      email: 'admin@example.com',
      name: 'Admin User',
      userType: ['admin'],
      lastAccessedDash: 'EMP',
    },
    {
      id: 'usr-evaluator',
      email: 'evaluator@example.com',
      name: 'Evaluator User',
      userType: ['evaluator'],
      lastAccessedDash: 'EMP',
    },
  ];
}

/** Corporate users belong to the first seeded company. `cognitoUserId` is filled in by the
 * seeding step from the identity pool (the stand-in's `sub`), or falls back to the email. */
export function demoCorporateUsers(companyId: string): CorporateUserRow[] {
  return [
    {
      id: 'corp-admin',
      cognitoUserId: 'corp-admin@example.com',
      email: 'corp-admin@example.com',
      firstName: 'Kavya',
      lastName: 'Iyer',
      corporateUserType: 'corporate-admin',
      companyId,
    },
    {
      id: 'corp-recruiter',
      cognitoUserId: 'recruiter@example.com',
      email: 'recruiter@example.com',
      firstName: 'Arjun',
      lastName: 'Singh',
      corporateUserType: 'corporate-recruiter',
      companyId,
    },
    {
      id: 'corp-deactivated',
      cognitoUserId: 'deactivated@example.com',
      email: 'deactivated@example.com',
      firstName: 'Former',
      lastName: 'Employee',
      corporateUserType: 'corporate-admin',
      companyId,
      isDeleted: true,
    },
  ];
}

/**
 * Product user records → the shapes of spec §3: the general user record (name,
 * emailList.primary, userType, …), the corporate user record, and "user basic details".
 * PK/SK/GSI1PK/GSI1SK keep the key fields the spec lists, derived from our ids.
 */
import type * as z from 'zod/mini';
import type { BasicDetailsSchema } from '../../src/domain/contract/profile';
import type { CorporateUserRecord, UserRecord } from './current-user';

export function serializeGeneralUser(user: UserRecord) {
  return {
    id: user.id,
    PK: `USER#${user.id}`,
    SK: `USER#${user.id}`,
    GSI1PK: `EMAIL#${user.email.toLowerCase()}`,
    GSI1SK: `USER#${user.id}`,
    email: user.email,
    name: user.name,
    emailList: { primary: user.email },
    userType: user.userType,
    designation: user.designation,
    coreSkills: user.coreSkills,
    softSkills: user.softSkills,
    technicalSkills: user.technicalSkills,
    CTC: user.ctc,
    ECTC: user.ectc,
    YOE: user.yoe,
    noticePeriod: user.noticePeriod,
    location: user.location,
    about: user.about,
    lastAccessedDash: user.lastAccessedDash,
    referralCount: user.referralCount,
    cvDuplicacyAccess: user.cvDuplicacyAccess,
    CV: user.cvFileName,
    isCvExtracted: user.isCvExtracted,
    cvParseError: user.cvParseError,
    cvUpdatedAt: user.cvUpdatedAt?.toISOString() ?? null,
    profileImageAwsS3SignedUrl: user.profileImageUrl,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

export function serializeCorporateUser(user: CorporateUserRecord) {
  return {
    id: user.id,
    PK: `CORPORATE_USER#${user.id}`,
    SK: `CORPORATE_USER#${user.id}`,
    cognitoUserId: user.cognitoUserId,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    corporateUserType: user.corporateUserType,
    companyId: user.companyId,
    isDeleted: user.isDeleted,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

/**
 * spec §3 "User basic details", in the contract's shape: a field the contract lacks, or one it
 * requires and this leaves out, does not compile.
 */
export function serializeBasicDetails(user: UserRecord) {
  const details = {
    userId: user.id,
    fullName: user.name,
    email: user.email,
    lastAccessedDash: user.lastAccessedDash,
    candidateExperience: { designation: user.designation },
    coreSkills: user.coreSkills.map((skillName) => ({ skillName })),
    softSkills: user.softSkills.map((skillName) => ({ skillName })),
    YOE: user.yoe,
    CTC: user.ctc,
    location: user.location,
    isCvExtracted: user.isCvExtracted,
    // Why the last CV could not be read (shown while the app polls after an upload, spec §4).
    cvParseError: user.cvParseError,
    // issue 10: the rest of the candidate's own profile (spec §3 signed-in user profile), so the
    // profile page and its form read one call. CTC/ECTC in lakhs, noticePeriod in days.
    technicalSkills: user.technicalSkills.map((skillName) => ({ skillName })),
    ECTC: user.ectc,
    noticePeriod: user.noticePeriod,
    about: user.about,
    CV: user.cvFileName,
    cvUpdatedAt: user.cvUpdatedAt?.toISOString() ?? null,
    referralCount: user.referralCount,
  } satisfies z.input<typeof BasicDetailsSchema>;
  return details;
}

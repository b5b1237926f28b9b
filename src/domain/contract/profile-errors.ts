/**
 * The profile area's error texts (spec §7 user calls): the server sends them, the app recognises
 * them. A module of their own, re-exported by profile.ts, so the app can tell "no profile yet"
 * without loading the profile schemas (issue 24 item 2).
 */
export const ProfileErrors = {
  notYours: 'You can only edit your own profile',
  noProfile: 'No profile found for this account',
  candidatesOnly: 'Only candidate accounts have a candidate profile',
  needsIdToken: 'Sign in again to create your profile (an ID token is needed)',
  otherEmail: 'The email is not the one you signed in with',
  emailNotVerified:
    'Your email address is not verified yet. Confirm it with the code we sent, then sign in again.',
  exists: 'Your profile already exists',
  emailTaken: 'A profile with this email already exists',
  userNotVisible: 'You do not have access to this user',
} as const;

/** Where people write for help (FAQ, contact, legal pages). */
export const SUPPORT_EMAIL = 'support@referralhub.example';

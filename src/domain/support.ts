/** Where people write for help: FAQ, contact and legal pages, error toasts and dialogs. */
export const SUPPORT_EMAIL = 'support@referralhub.example';

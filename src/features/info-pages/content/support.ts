/** Where people write for help (FAQ, contact, legal pages). */
export { SUPPORT_EMAIL } from '@/domain/support';

import DOMPurify from 'dompurify';

/**
 * Job descriptions arrive as HTML from employers and external portals: never trusted. Only
 * formatting tags survive; scripts, event handlers, styles, forms and frames are removed, and
 * links open safely in a new tab.
 */
const ALLOWED_TAGS = [
  'p',
  'br',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'h3',
  'h4',
  'h5',
  'a',
  'span',
  'div',
];

export function sanitizeJobHtml(html: string | null | undefined): string {
  if (!html) return '';
  const clean = DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: ['href'] });
  return clean.replace(/<a /g, '<a target="_blank" rel="noopener noreferrer nofollow" ');
}

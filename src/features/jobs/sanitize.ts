import DOMPurify, { type DOMPurify as DOMPurifyInstance } from 'dompurify';

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

const LINK_REL = 'noopener noreferrer nofollow';

let purifier: DOMPurifyInstance | undefined;

/**
 * A DOMPurify instance of our own: hooks are per instance, so the link rule below cannot leak into
 * another caller's sanitising. Made on first use, when the page's window exists.
 */
function jobPurifier(): DOMPurifyInstance {
  if (purifier) return purifier;
  const instance = DOMPurify();
  // Links open in a new tab without handing the employer's page our window (`noopener`), our
  // address (`noreferrer`) or our ranking (`nofollow`). A hook sets them on the element itself,
  // after DOMPurify has removed every attribute it does not allow (a `target` or `rel` in the
  // input is gone by then); text rewriting of the output could not tell markup from an attribute
  // value that contains `<a `.
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    // `href` is put back after `target` and `rel`, keeping the attribute order the app has always
    // rendered.
    const href = node.getAttribute('href');
    node.removeAttribute('href');
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', LINK_REL);
    if (href !== null) node.setAttribute('href', href);
  });
  purifier = instance;
  return instance;
}

export function sanitizeJobHtml(html: string | null | undefined): string {
  if (!html) return '';
  return jobPurifier().sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: ['href'] });
}

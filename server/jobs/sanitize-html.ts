/**
 * A job description's HTML, made safe before it is stored (issue 20: "sanitised on the server as
 * well"; the app also runs DOMPurify when it renders). Any client can call the API, so the stored
 * HTML must be harmless to every reader, including ones that do not sanitise.
 *
 * The output is rebuilt, never passed through: the input is tokenised, and only the rich-text
 * editor's own tags (ALLOWED_TAGS) are written back, without attributes except a link's checked
 * http(s)/mailto href. Text is re-escaped (`<`, `>` and a stray `&`), so nothing in it can
 * become markup; script, style and other raw-text elements are dropped with their content;
 * comments and doctypes are dropped. Unclosed tags are closed, stray end tags dropped, so the
 * result is well-formed and a browser parses it as written.
 */

/** What the description editor (tiptap's StarterKit + Link) produces. */
const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'code',
  'pre',
  'hr',
  'a',
]);
const VOID_TAGS = new Set(['br', 'hr']);
/** Their content is raw text to a browser: dropped whole, never shown as text. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
]);
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

const TAG_NAME = /^[a-zA-Z][a-zA-Z0-9-]*/;
const ATTRIBUTE = /\s*([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/y;
const ENTITY_REF = /^&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/;

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Text as HTML text: a well-formed entity reference is kept (no double escaping). */
function escapeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '<') out += '&lt;';
    else if (c === '>') out += '&gt;';
    else if (c === '&') out += ENTITY_REF.test(text.slice(i, i + 40)) ? '&' : '&amp;';
    else out += c;
  }
  return out;
}

/** A value for a quoted attribute, or text: `&`, `"`, `<` and `>` escaped. */
export function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** The entities a browser would decode in an href, enough to see the real scheme. */
function decodeEntities(value: string): string {
  return value.replace(/&(#[0-9]+|#[xX][0-9a-fA-F]+|[a-zA-Z]+);?/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/** A link target worth keeping: absolute http(s) or mailto, after decoding, without controls. */
function safeHref(raw: string): string | null {
  // eslint-disable-next-line no-control-regex -- browsers drop these inside a URL's scheme
  const decoded = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  return SAFE_HREF.test(decoded) ? decoded : null;
}

interface Tag {
  name: string;
  closing: boolean;
  attributes: Map<string, string>;
  /** Index just past the tag's `>`. */
  end: number;
}

/** Reads a tag starting at `start` (the `<`), or null when the `<` starts no tag (text). */
function readTag(html: string, start: number): Tag | null {
  let i = start + 1;
  const closing = html[i] === '/';
  if (closing) i++;
  const name = TAG_NAME.exec(html.slice(i, i + 64))?.[0];
  if (!name) return null;
  i += name.length;
  const attributes = new Map<string, string>();
  while (i < html.length) {
    while (i < html.length && /[\s/]/.test(html[i]!)) i++;
    if (i >= html.length) break;
    if (html[i] === '>') return { name: name.toLowerCase(), closing, attributes, end: i + 1 };
    ATTRIBUTE.lastIndex = i;
    const match = ATTRIBUTE.exec(html);
    if (!match) {
      i++;
      continue;
    }
    const key = match[1]!.toLowerCase();
    if (!attributes.has(key)) attributes.set(key, match[2] ?? match[3] ?? match[4] ?? '');
    i = ATTRIBUTE.lastIndex;
  }
  // No `>` before the end: a browser drops the unfinished tag, and so do we.
  return { name: name.toLowerCase(), closing, attributes, end: html.length };
}

/** The end of a raw-text element's content (its end tag, case-insensitive) or of the input. */
function skipRawText(html: string, from: number, name: string): number {
  const close = html.toLowerCase().indexOf(`</${name}`, from);
  if (close === -1) return html.length;
  const end = html.indexOf('>', close);
  return end === -1 ? html.length : end + 1;
}

/** The description's HTML with only the allowed tags and safe text (see the header). */
export function sanitizeDescriptionHtml(html: string): string {
  let out = '';
  const open: string[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      out += escapeText(html.slice(i));
      break;
    }
    out += escapeText(html.slice(i, lt));
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      const end = html.indexOf('>', lt);
      i = end === -1 ? html.length : end + 1;
      continue;
    }
    const tag = readTag(html, lt);
    if (!tag) {
      out += '&lt;';
      i = lt + 1;
      continue;
    }
    i = tag.end;
    if (!tag.closing && DROPPED_WITH_CONTENT.has(tag.name)) {
      i = skipRawText(html, i, tag.name);
      continue;
    }
    if (!ALLOWED_TAGS.has(tag.name)) continue;
    if (tag.closing) {
      const at = open.lastIndexOf(tag.name);
      if (at === -1) continue;
      // Close what was opened inside it too, innermost first.
      while (open.length > at) out += `</${open.pop()!}>`;
      continue;
    }
    if (VOID_TAGS.has(tag.name)) {
      out += `<${tag.name}>`;
      continue;
    }
    if (tag.name === 'a') {
      const href = safeHref(tag.attributes.get('href') ?? '');
      // A link leaves the site: no referrer, no window.opener, no search credit (spam links).
      out += href
        ? `<a href="${escapeAttribute(href)}" rel="noopener noreferrer nofollow" target="_blank">`
        : '<a>';
    } else {
      out += `<${tag.name}>`;
    }
    open.push(tag.name);
  }
  while (open.length > 0) out += `</${open.pop()!}>`;
  return out;
}

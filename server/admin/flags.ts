/**
 * The system's flags on job posts (issue 21 item 1), pure so they are tested on fixed examples
 * (tests/unit/admin-flags.test.ts). Job seekers in India are targeted by fake recruiters who ask
 * for money; the rules catch the common shapes of that, plus posts without a salary and the same
 * post made twice:
 * - noSalary: the salary range lacks an end (the startup job board of issue 20 requires one);
 * - feeRequest: wording that asks the candidate to pay (registration/processing/training fee,
 *   security deposit, "pay ₹…", a WhatsApp or UPI number to send money to), unless negated
 *   ("no registration fee");
 * - duplicate: another live post of the same company, city and normalised title with a
 *   description of mostly the same words; the newer of the two is the duplicate (the same role
 *   in two cities is two posts, as on the big boards).
 * A flag puts a post in the moderators' queue; it never takes a post down by itself.
 */
import type { JobFlag } from '../../src/domain/contract/admin-jobs';

export interface FlagInput {
  readonly id: string;
  readonly companyId: string | null;
  readonly jobTitle: string;
  readonly city: string;
  readonly jobDescription: string;
  readonly salaryMin: number | null;
  readonly salaryMax: number | null;
  readonly createdAt: Date;
}

/** Word overlap (Jaccard) from which two descriptions count as the same post. */
export const DUPLICATE_SIMILARITY = 0.8;

// Fee wording. Each pattern is one way of asking a candidate for money; the amount patterns
// accept ₹, Rs, Rs. and INR before the number.
const MONEY = String.raw`(?:₹|\brs\.?|\binr)\s*\d`;
const FEE_PATTERNS: readonly RegExp[] = [
  /\b(?:registration|processing|training|joining|onboarding|application|documentation|verification|interview|kit|uniform)\s+(?:fees?|charges?|amount)\b/,
  /\b(?:security|refundable|caution)\s+(?:deposit|amount|money)\b/,
  new RegExp(String.raw`\b(?:pay|deposit|transfer|send)\s+(?:only\s+|just\s+|a\s+)?${MONEY}`),
  new RegExp(String.raw`\b(?:fees?|charges?)\s+(?:of\s+|is\s+|:\s*)?${MONEY}`),
  new RegExp(String.raw`${MONEY}[\d,]*\s*(?:\/-\s*)?(?:fees?|deposit|charges?)\b`),
];
/** Where a candidate is told to send money: a chat number or a payment app. */
const CHANNEL = /\b(?:whats\s?app|wa\.me|upi|gpay|google pay|paytm|phonepe)\b/;
/** Asking for money, in a sentence that also names a CHANNEL ("send the amount on WhatsApp"). */
const MONEY_REQUEST =
  /\b(?:pay|paying|send|transfer|deposit)\b[^.!?\n]{0,40}\b(?:fees?|amount|money|deposit|charges?)\b|\bpayment\s+(?:screenshot|receipt|proof)\b/;
/**
 * A coarse test every text the fee rules can flag passes (Postgres `~*` syntax, also valid in
 * JavaScript): the database hands over only the descriptions that pass it, so the scan does not
 * read thousands of harmless ones. Kept a superset of the rules above by a unit test.
 */
export const FEE_PREFILTER =
  'fee|charge|amount|deposit|money|₹|&#8377;|&#x20b9;|rs(\\.|\\s|&nbsp;)*[0-9]|inr|whats\\s?app|wa\\.me|upi|gpay|google pay|paytm|phonepe';

/** Words just before a match that turn it round ("no registration fee", "never ask you to pay"). */
const NEGATION =
  /\b(?:no|never|not|without|zero|nil|free of|don't|do not|won't|will not)\b[^.!?\n]{0,30}$/;

/** A description's words: tags dropped, entities of note decoded, lower case, spaces folded. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#8377;|&#x20b9;/gi, '₹')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** "Sr. Software Engineer (Java)!" and "sr software engineer java" are the same title. */
export function normaliseTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A WhatsApp or UPI number to send money to: both in one sentence (tech jobs name UPI too). */
function asksMoneyOverChat(plain: string): boolean {
  return plain.split(/[.!?\n]+/).some((sentence) => {
    if (!CHANNEL.test(sentence)) return false;
    const match = MONEY_REQUEST.exec(sentence);
    return match !== null && !NEGATION.test(sentence.slice(0, match.index));
  });
}

export function hasFeeRequest(text: string): boolean {
  const plain = plainText(text);
  if (asksMoneyOverChat(plain)) return true;
  return FEE_PATTERNS.some((pattern) => {
    const global = new RegExp(pattern.source, 'g');
    for (const match of plain.matchAll(global)) {
      const before = plain.slice(Math.max(0, match.index - 40), match.index);
      if (!NEGATION.test(before)) return true;
    }
    return false;
  });
}

function words(text: string): Set<string> {
  return new Set(
    plainText(text)
      .split(/[^\p{L}\p{N}₹]+/u)
      .filter((w) => w.length > 0),
  );
}

/** Jaccard overlap of two texts' word sets, 0..1 (two empty texts are the same). */
export function similarity(a: string, b: string): number {
  const left = words(a);
  const right = words(b);
  if (left.size === 0 && right.size === 0) return 1;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return shared / (left.size + right.size - shared);
}

/** Older first; the same instant falls back to the id so the order is total. */
function older(a: FlagInput, b: FlagInput): boolean {
  const diff = a.createdAt.getTime() - b.createdAt.getTime();
  return diff < 0 || (diff === 0 && a.id < b.id);
}

export interface JobFlags {
  readonly flags: JobFlag[];
  /** The older post this one repeats (when flagged duplicate). */
  readonly duplicateOf: string | null;
}

/**
 * The flags of every post in `posts` (the live posts to compare among: listed or waiting for
 * review). Posts are compared only within their company and title, so this is linear in the
 * number of posts apart from the rare groups of same-titled posts.
 */
export function flagJobs(posts: readonly FlagInput[]): Map<string, JobFlags> {
  const groups = new Map<string, FlagInput[]>();
  for (const post of posts) {
    if (!post.companyId) continue;
    const key = [post.companyId, normaliseTitle(post.city), normaliseTitle(post.jobTitle)].join(
      '\u0000',
    );
    const group = groups.get(key);
    if (group) group.push(post);
    else groups.set(key, [post]);
  }
  const duplicateOf = new Map<string, string>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const sorted = [...group].sort((a, b) => (older(a, b) ? -1 : 1));
    sorted.forEach((post, index) => {
      const original = sorted
        .slice(0, index)
        .find(
          (earlier) =>
            similarity(earlier.jobDescription, post.jobDescription) >= DUPLICATE_SIMILARITY,
        );
      if (original) duplicateOf.set(post.id, original.id);
    });
  }
  const result = new Map<string, JobFlags>();
  for (const post of posts) {
    const flags: JobFlag[] = [];
    if (post.salaryMin === null || post.salaryMax === null) flags.push('noSalary');
    if (hasFeeRequest(`${post.jobTitle}. ${post.jobDescription}`)) flags.push('feeRequest');
    const original = duplicateOf.get(post.id) ?? null;
    if (original) flags.push('duplicate');
    result.set(post.id, { flags, duplicateOf: original });
  }
  return result;
}

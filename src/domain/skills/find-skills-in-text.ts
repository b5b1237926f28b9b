/**
 * Finds taxonomy skills in running text (a CV, a job description). Used by the server's CV parser
 * and by anything that needs skills out of prose.
 *
 * - Text is cut into segments at list and sentence boundaries (commas, bullets, line breaks,
 *   brackets, a dot or colon followed by a space, a spaced dash), so a phrase never spans two
 *   list items or sentences ("Java. Script writing" is not JavaScript).
 * - Within a segment, the longest phrase wins: 3 words, then 2, then 1 (stack-notes: "Match
 *   3-word phrases before 2 and 1"), so "React Native" is one skill, not React.
 * - A word joined by "/" ("HTML/CSS") is read as a whole when the whole is a skill (CI/CD,
 *   A/B Testing) and as its parts otherwise.
 * - Ambiguous spellings (Go, R, C, Excel, ...) count only when `inSkillsSection` is true.
 * - Words of one or two letters are never joined into a phrase ("I am" is not IAM, issue 22).
 */
import { looseSkillKey } from './skill-key';
import { lookupSkillTerm } from './taxonomy';

export interface FindSkillsOptions {
  /** The text is a CV's or job's skills section, where "Go" or "R" can only mean the skill. */
  inSkillsSection?: boolean;
}

// stack-notes "PDF and CV parsing": phrases of up to 3 words.
const MAX_PHRASE_WORDS = 3;

const SEGMENT_BREAK = /[\n\r\t,;|•·●▪►✓()[\]{}<>"]+|[.:!?](?=\s|$)|\s[-–—]+\s/u;
const WORD_BREAK = /\s+/u;

function wordsOf(segment: string): string[] {
  const words: string[] = [];
  for (const word of segment.split(WORD_BREAK)) {
    if (looseSkillKey(word) === '') continue;
    if (word.includes('/') && !lookupSkillTerm(looseSkillKey(word))) {
      for (const part of word.split('/')) if (looseSkillKey(part) !== '') words.push(part);
    } else {
      words.push(word);
    }
  }
  return words;
}

/** Canonical names of the skills found, in order of first appearance, without duplicates. */
export function findSkillsInText(text: string, options: FindSkillsOptions = {}): string[] {
  const inSkillsSection = options.inSkillsSection === true;
  const found = new Set<string>();
  for (const segment of text.normalize('NFKC').split(SEGMENT_BREAK)) {
    if (!segment) continue;
    const words = wordsOf(segment);
    let i = 0;
    while (i < words.length) {
      let taken = 0;
      for (let n = Math.min(MAX_PHRASE_WORDS, words.length - i); n >= 1; n--) {
        const phrase = words.slice(i, i + n);
        // Words of one or two letters never join into one name: "I am" is not IAM, a
        // letter-spaced "M L" is not ML.
        if (n > 1 && phrase.every((w) => looseSkillKey(w).length <= 2)) continue;
        const term = lookupSkillTerm(looseSkillKey(phrase.join(' ')));
        if (term && (inSkillsSection || !term.ambiguous)) {
          found.add(term.skill.name);
          taken = n;
          break;
        }
      }
      i += taken > 0 ? taken : 1;
    }
  }
  return [...found];
}

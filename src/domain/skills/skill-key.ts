/**
 * How a skill name is turned into a lookup key, and how free text is tidied for display.
 *
 * Skill names arrive from CV parsing, job posts and user input in many spellings: "ReactJS",
 * "React.js", "react js", " React, ". The key is deliberately loose so those collapse into one:
 * Unicode-normalised, lower-cased, surrounding punctuation trimmed, "&" read as "and", and
 * whitespace, dots, hyphens and underscores removed. Characters that carry meaning in skill names
 * are kept: "+" (C++), "#" (C#, F#), "/" (CI/CD, A/B Testing) and a leading dot (".NET" must not
 * become "net", or "net profit" in a job description would read as a .NET skill).
 */

// Trimmed from the start: whitespace, list bullets, quotes, brackets and dashes. Not a leading
// dot, so ".NET" survives.
const LEADING_JUNK = /^[\s,;:!?()[\]{}<>"'`*•·●▪|\\/_~–—-]+/u;
// Trimmed from the end: the same plus a sentence-ending dot. Not "+" or "#" (C++, C#).
const TRAILING_JUNK = /[\s,;:!?()[\]{}<>"'`*•·●▪|\\/_~–—.-]+$/u;
const AMPERSAND = /&/g;
// Whitespace, hyphens, underscores and any dot but a leading one.
const KEY_SEPARATORS = /[\s_-]+|(?<!^)\./g;
const WHITESPACE_RUN = /\s+/g;

/** Trims surrounding punctuation and collapses inner whitespace, keeping the original case. */
export function cleanSkillText(raw: string): string {
  return raw
    .normalize('NFKC')
    .replace(LEADING_JUNK, '')
    .replace(TRAILING_JUNK, '')
    .replace(WHITESPACE_RUN, ' ');
}

/** The loose lookup key of a skill name; '' when nothing meaningful is left. */
export function looseSkillKey(raw: string): string {
  return cleanSkillText(raw).toLowerCase().replace(AMPERSAND, 'and').replace(KEY_SEPARATORS, '');
}

/**
 * One CV, start to finish: PDF bytes → the profile fields the product stores (spec §3 "User
 * basic details": designation, skills, YOE, CTC; plus location). Throws CvParseFailure with a
 * message for the user when the file cannot be read; a CV that is readable but states little
 * gives nulls and empty lists, not an error.
 *
 * The server calls this inside its parse worker (cv-parser.ts), never on its main thread.
 */
import { yearsOfExperience } from './experience';
import type { ParseLimits } from './parse-limits';
import { findCtc, findDesignation, findLocation } from './profile-fields';
import { readPdf } from './read-pdf';
import { splitSections } from './sections';
import { findLanguages, findSkills, type CvSkills } from './skills';

export interface CvProfile extends CvSkills {
  designation: string | null;
  yoe: number | null;
  ctc: number | null;
  location: string | null;
  /** Spoken languages, kept apart from skills (issue 22 item 3); not stored yet. */
  languages: string[];
  pageCount: number;
}

export async function parseCv(
  bytes: Buffer,
  now: Date = new Date(),
  limits?: ParseLimits,
): Promise<CvProfile> {
  const { lines, pageCount } = await readPdf(bytes, limits);
  const sections = splitSections(lines);
  return {
    designation: findDesignation(sections, now),
    yoe: yearsOfExperience(sections, now),
    ctc: findCtc(lines.map((l) => l.text).join('\n')),
    location: findLocation(sections),
    ...findSkills(sections),
    languages: findLanguages(sections),
    pageCount,
  };
}

/**
 * CV lines → sections by their headings. What a line belongs to decides how it is read: dates
 * count as work only under an experience heading (not under Projects, Internships or Education,
 * stack-notes), and ambiguous skill names (Go, R, C) count only under a skills heading.
 *
 * A heading is a short line that is one of the known names ("Work Experience", "SKILLS:"), or a
 * known name followed by a colon and content on the same line ("Skills: React, Node.js").
 */
import type { Line } from './layout';

export type SectionKind =
  | 'header'
  | 'summary'
  | 'experience'
  | 'internships'
  | 'projects'
  | 'skills'
  | 'education'
  | 'contact'
  | 'languages'
  | 'other';

export interface Section {
  kind: SectionKind;
  lines: Line[];
}

const HEADINGS: Record<Exclude<SectionKind, 'header'>, string[]> = {
  summary: [
    'summary',
    'profile',
    'professional summary',
    'profile summary',
    'objective',
    'career objective',
    'about me',
    'about',
    'career summary',
    'profile summary',
    'executive summary',
    'personal profile',
    'personal statement',
  ],
  experience: [
    'experience',
    'work experience',
    'professional experience',
    'employment',
    'employment history',
    'work history',
    'career history',
    'relevant experience',
    'experience summary',
    'employment details',
    'work details',
    'professional background',
    'experience details',
    'career',
    'career details',
    'organisational experience',
    'organizational experience',
  ],
  internships: [
    'internship',
    'internships',
    'internship experience',
    'internships and training',
    'industrial training',
  ],
  projects: [
    'projects',
    'project',
    'personal projects',
    'academic projects',
    'key projects',
    'project experience',
    'side projects',
    'notable projects',
  ],
  skills: [
    'skills',
    'technical skills',
    'key skills',
    'core skills',
    'soft skills',
    'skills summary',
    'core competencies',
    'competencies',
    'technologies',
    'tech stack',
    'tools',
    'tools and technologies',
    'areas of expertise',
    'expertise',
    'skill set',
    'skillset',
    'technical expertise',
    'skills and tools',
    'skills and expertise',
    'it skills',
    'computer skills',
    'software skills',
    'functional skills',
    'professional skills',
    'key strengths',
    'strengths',
    'top skills',
    'technical proficiency',
    'technical summary',
    'software proficiency',
    'tools and platforms',
  ],
  education: [
    'education',
    'academic background',
    'qualifications',
    'educational qualifications',
    'academics',
    'academic qualifications',
    'educational qualification',
    'academic qualification',
    'education and training',
    'academic details',
    'educational details',
  ],
  contact: [
    'contact',
    'contact details',
    'contact information',
    'contact info',
    'personal details',
    'personal information',
    'personal info',
    'personal profile details',
  ],
  languages: ['languages', 'languages known', 'spoken languages', 'language proficiency'],
  other: [
    'certifications',
    'certificates',
    'courses',
    'training',
    'certification',
    'licenses and certifications',
    'achievements',
    'awards',
    'honors and awards',
    'awards and achievements',
    'interests',
    'hobbies',
    'references',
    'publications',
    'volunteering',
    'volunteer experience',
    'declaration',
    'activities',
    'extra curricular activities',
    'extracurricular activities',
    'co curricular activities',
    'leadership',
    'leadership and activities',
    'positions of responsibility',
    'other information',
    'additional information',
    'compensation',
    'salary details',
  ],
};

// A document title above the name ("RESUME") keeps the header going.
const TITLES = new Set(['resume', 'curriculum vitae', 'cv', 'bio data', 'biodata', 'resume of']);

const headingKind = new Map<string, SectionKind>();
for (const [kind, names] of Object.entries(HEADINGS) as [SectionKind, string[]][]) {
  for (const name of names) headingKind.set(name, kind);
}

/** Letter-spaced headings ("S K I L L S", Canva designs) read as the word. */
function unspaced(text: string): string {
  const letters = text.trim().split(/\s+/);
  return letters.length > 3 && letters.every((l) => l.length === 1) ? letters.join('') : text;
}

function normalise(text: string): string {
  return unspaced(text)
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The heading's kind and the content after "Heading:", when the line is a heading. */
export function headingOf(line: Line): { kind: SectionKind; rest: string } | undefined {
  const text = line.text.trim();
  const colon = /^([^:]{2,40}):\s*(.*)$/.exec(text);
  const title = unspaced(colon?.[1] ?? text);
  if (title.split(/\s+/).length > 4) return undefined;
  const kind = headingKind.get(normalise(title));
  return kind ? { kind, rest: colon?.[2]?.trim() ?? '' } : undefined;
}

export function splitSections(lines: Line[]): Section[] {
  const sections: Section[] = [{ kind: 'header', lines: [] }];
  for (const line of lines) {
    const heading = headingOf(line);
    if (TITLES.has(normalise(line.text))) continue;
    if (heading) {
      const section: Section = { kind: heading.kind, lines: [] };
      if (heading.rest) section.lines.push({ cells: [heading.rest], text: heading.rest });
      sections.push(section);
    } else {
      sections.at(-1)?.lines.push(line);
    }
  }
  return sections;
}

export function linesIn(sections: Section[], ...kinds: SectionKind[]): Line[] {
  return sections.filter((s) => kinds.includes(s.kind)).flatMap((s) => s.lines);
}

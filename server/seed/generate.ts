/**
 * Deterministic demo data: companies across industries and published jobs across Indian cities,
 * departments, work modes, employment types and the spec §9 salary and experience bands. About a
 * quarter of the jobs are external (imported from other portals: externalJobId, companyLogoUrl,
 * jobPostedDate, jobUrl); a few are flagged bad or are not published, so the listing rules are
 * exercised. Same seed, same data, on every machine.
 */
import type { InferInsertModel } from 'drizzle-orm';
import type { companies, jobs } from '../db/schema';
import {
  cities,
  companyWords,
  departments,
  employmentTypes,
  industries,
  teamSizes,
  workModes,
  type RoleTemplate,
} from './catalog';
import { createRandom, type Random } from './random';
import { EXPERIENCE_BANDS, OPEN_ENDED_MAX, SALARY_BANDS, type Band } from '../../src/domain/bands';
import { DEPARTMENTS } from '../../src/domain/job-catalog';

export type CompanyRow = InferInsertModel<typeof companies>;
export type JobRow = InferInsertModel<typeof jobs>;

// spec §9: salary bands in lakhs and experience bands in years (the last is 25-100).
// spec §9 bands, shared with the filters (src/domain/bands). Open-ended maxima are stored as
// the 9999 the spec uses for "and more".
const toRange = (band: Band): [number, number] => [band.min, band.max ?? OPEN_ENDED_MAX];
const salaryBands = SALARY_BANDS.map(toRange);
const experienceBands = EXPERIENCE_BANDS.map(toRange);
const externalPortals = ['naukri', 'linkedin', 'indeed', 'instahyre', 'foundit'] as const;

/** The newest seeded job is this old relative to "now" at seeding time. */
const BASE_TIME = Date.UTC(2026, 10, 1, 9, 0, 0);

/** A demo company's work-email domain: `cmp-monsoon-learning` → `monsoon-learning.example.com`. */
export function companyEmailDomain(companyId: string): string {
  return `${companyId.replace(/^cmp-/, '')}.example.com`;
}

export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function generateCompanies(count: number, seed = 42): CompanyRow[] {
  const random = createRandom(seed);
  const names = new Set<string>();
  const rows: CompanyRow[] = [];
  let attempt = 0;
  while (rows.length < count) {
    attempt++;
    const name = `${random.pick(companyWords.first)} ${random.pick(companyWords.second)}${
      attempt > 600 ? ` ${attempt}` : ''
    }`;
    if (names.has(name)) continue;
    names.add(name);
    const slug = slugify(name);
    const id = `cmp-${slug}`;
    rows.push({
      id,
      name,
      logo: `${slug}.svg`,
      logoUrl: `/api/company-logo/${id}.svg`,
      linkedIn: `https://www.linkedin.com/company/${slug}`,
      careerUrl: `https://careers.${slug}.example.com`,
      // issue 17: the work-email domain its referees verify with (the demo referees use it).
      emailDomains: [companyEmailDomain(id)],
      industry: industries[rows.length % industries.length] ?? 'IT Services',
      teamSize: random.pick(teamSizes),
      isVerified: random.chance(0.9),
      createdAt: new Date(BASE_TIME - rows.length * 86_400_000),
    });
  }
  return rows;
}

function salaryFor(random: Random, experienceMin: number): [number, number] {
  // Roughly 2–4 lakhs per year of experience, snapped to a §9 band.
  const target = Math.max(3, experienceMin * random.int(2, 4) + random.int(0, 6));
  const band = salaryBands.find(([, max]) => target < max) ?? salaryBands[salaryBands.length - 1]!;
  return band;
}

/** "an Automation Test Engineer", "a Data Analyst" (issue 26 item 9: not "a Automation"). */
export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

function describe(
  role: RoleTemplate,
  title: string,
  company: string,
  skills: string[],
  random: Random,
): string {
  const duties = random.sample(role.duties, 3);
  return [
    `<p><strong>${company}</strong> is hiring ${withArticle(title)} to ${duties[0] ?? 'join a growing team'}.</p>`,
    '<h3>What you will do</h3>',
    `<ul>${duties.map((duty) => `<li>${duty.charAt(0).toUpperCase()}${duty.slice(1)}.</li>`).join('')}</ul>`,
    '<h3>What we look for</h3>',
    `<ul><li>Hands-on experience with ${skills.slice(0, 3).join(', ')}.</li><li>Clear written and spoken communication.</li></ul>`,
  ].join('');
}

export function generateJobs(count: number, companyRows: CompanyRow[], seed = 7): JobRow[] {
  const random = createRandom(seed);
  // Weighted towards the roles most listed on Indian job boards: engineering and data.
  const departmentNames = DEPARTMENTS.flatMap((name) =>
    name === 'Engineering' ? [name, name, name, name] : name === 'Data' ? [name, name] : [name],
  );
  const rows: JobRow[] = [];
  for (let i = 0; i < count; i++) {
    const company = companyRows[random.int(0, companyRows.length - 1)]!;
    const department = random.pick(departmentNames);
    const role = random.pick(departments[department] ?? []);
    const title = random.pick(role.titles);
    const [experienceMin, experienceMax] = random.pick(experienceBands);
    const [salaryMin, salaryMax] = salaryFor(random, experienceMin);
    const place = random.pick(cities);
    const coreSkills = random.sample(role.core, random.int(3, Math.min(5, role.core.length)));
    const technicalSkills = random.sample(
      role.technical,
      random.int(1, Math.min(3, role.technical.length)),
    );
    const softSkills = random.sample(role.soft, random.int(2, Math.min(3, role.soft.length)));
    const createdAt = new Date(BASE_TIME - i * 7 * 60_000 - random.int(0, 60_000));
    const external = random.chance(0.25);
    const id = `job-${String(i + 1).padStart(6, '0')}`;
    const portal = random.pick(externalPortals);
    rows.push({
      id,
      jobTitle: title,
      department,
      coreSkills,
      softSkills,
      technicalSkills,
      companyId: company.id,
      companyName: company.name,
      city: place.city,
      fullLocation: [place.city, place.state, 'India'],
      salaryMin,
      salaryMax: random.chance(0.05) ? OPEN_ENDED_MAX : salaryMax,
      displaySalaryRange: !random.chance(0.1),
      experienceMin,
      experienceMax: experienceMax === 100 ? OPEN_ENDED_MAX : experienceMax,
      typeOfEmployment:
        experienceMin === 0 && random.chance(0.3)
          ? 'Internship'
          : random.pick(employmentTypes.slice(0, 3)),
      workMode: random.pick(workModes),
      teamSize: company.teamSize ?? null,
      industry: company.industry,
      // A few jobs are not listed: drafts and closed posts (spec: jobs are always PUBLISHED).
      status: i % 97 === 13 ? 'DRAFT' : i % 89 === 7 ? 'CLOSED' : 'PUBLISHED',
      jobDescription: describe(role, title, company.name, coreSkills, random),
      badJob: i % 151 === 5,
      isExternal: external,
      externalJobId: external ? `${portal}-${100000 + i}` : null,
      companyLogoUrl: external ? company.logoUrl : null,
      jobPostedDate: external
        ? new Date(createdAt.getTime() - random.int(0, 5) * 86_400_000)
        : null,
      jobUrl: external ? `https://www.${portal}.example.com/jobs/${100000 + i}` : null,
      createdAt,
      updatedAt: createdAt,
    });
  }
  return rows;
}

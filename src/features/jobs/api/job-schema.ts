import * as z from 'zod/mini';

const text = z.nullish(z.string());
const strings = z._default(z.array(z.string()), []);
const range = z.nullish(z.object({ min: z.nullish(z.number()), max: z.nullish(z.number()) }));

/** spec §3 Job, as GET {jobs host}/job/ and /job/{id} send it (server/jobs/serialize-job.ts). */
export const JobSchema = z.looseObject({
  id: z.string(),
  jobTitle: z.string(),
  companyName: z.string(),
  companyId: text,
  companyDetails: z.optional(z.object({ name: text, logo: text, logoUrl: text })),
  companyLogoUrl: text,
  department: text,
  coreSkills: strings,
  softSkills: strings,
  technicalSkills: strings,
  location: z.optional(z.object({ city: text, fullLocation: strings })),
  salaryRange: range,
  displaySalaryRange: z._default(z.boolean(), true),
  experienceRange: range,
  typeofEmployment: text,
  workMode: text,
  industry: text,
  teamSize: text,
  status: text,
  createdAt: z.string(),
  jobPostedDate: text,
  jobDescription: text,
  jobUrl: text,
  isExternal: z._default(z.boolean(), false),
  externalJobId: text,
});
export type Job = z.infer<typeof JobSchema>;

export const JobPageSchema = z.object({
  data: z.array(JobSchema),
  pagination: z.object({ lastKey: text, s3VectorLastKey: z.optional(text) }),
});

export const JobDetailSchema = z.object({ data: JobSchema });

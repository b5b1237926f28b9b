/**
 * What the job-post tests (a company's jobs, the admins' console) send and read: a valid post
 * body (POST /jobs-api/job/) and the ids the public listing finds for a search.
 */
import type { FastifyInstance } from 'fastify';

/** A post with a salary range; `fields` add the title, description, skills, status, … */
export function jobPostBody<Fields extends { jobTitle: string }>(fields: Fields) {
  return {
    department: 'Engineering',
    location: { city: 'Pune', fullLocation: ['Pune', 'Maharashtra'] },
    workMode: 'Hybrid',
    typeofEmployment: 'Full-time',
    salaryRange: { min: 20, max: 35 },
    experienceRange: { min: 3, max: 6 },
    ...fields,
  };
}

/** The public listing's ids for a search (GET /jobs-api/job/, 50 at most). */
export async function listedJobIds(app: FastifyInstance, searchText: string): Promise<string[]> {
  const res = await app.inject({
    url: `/jobs-api/job/?pageSize=50&searchText=${encodeURIComponent(searchText)}`,
  });
  return res.json<{ data: { id: string }[] }>().data.map((job) => job.id);
}

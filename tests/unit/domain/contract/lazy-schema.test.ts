import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { JOB_SEARCH_PARAMS, JobSearchQuerySchema, NewJobBody } from '@/domain/contract/jobs';
import { lazySchema } from '@/domain/contract/lazy-schema';

const person = () =>
  z.object({ name: z.string().check(z.minLength(1)), age: z.optional(z.number()) });

describe('lazySchema', () => {
  it('builds the schema on its first use, once', () => {
    let builds = 0;
    const schema = lazySchema(() => {
      builds += 1;
      return person();
    });
    expect(builds).toBe(0);
    expect(z.parse(schema, { name: 'Asha' })).toEqual({ name: 'Asha' });
    expect(z.safeParse(schema, { name: '' }).success).toBe(false);
    expect(builds).toBe(1);
  });

  it('stands for the schema where zod reads it: nesting, extend, shape, JSON Schema', () => {
    const lazy = lazySchema(person);
    const team = z.object({ lead: lazy, members: z.array(lazy) });
    expect(z.parse(team, { lead: { name: 'A' }, members: [{ name: 'B', age: 3 }] })).toEqual({
      lead: { name: 'A' },
      members: [{ name: 'B', age: 3 }],
    });
    const issue = z.safeParse(team, { lead: { name: 'A' }, members: [{ name: '' }] }).error
      ?.issues[0];
    expect(issue?.path).toEqual(['members', 0, 'name']);
    expect(Object.keys(lazy.shape)).toEqual(['name', 'age']);
    expect(z.parse(z.extend(lazy, { role: z.string() }), { name: 'A', role: 'x' })).toEqual({
      name: 'A',
      role: 'x',
    });
    expect(z.toJSONSchema(lazy)).toEqual(z.toJSONSchema(person()));
    expect(lazy instanceof z.ZodMiniObject).toBe(true);
  });
});

describe('the jobs contract, built lazily', () => {
  it('lists the search query names in the schema shape order without building it', () => {
    expect(JOB_SEARCH_PARAMS).toEqual(Object.keys(JobSearchQuerySchema.shape));
    // spec §7's list comes first, in its order.
    expect(JOB_SEARCH_PARAMS.slice(0, 5)).toEqual([
      'searchText',
      'pageSize',
      'lastKey',
      'sortOrder',
      'status',
    ]);
  });

  it('checks as before: query refinements and a new job body', () => {
    const range = z.safeParse(JobSearchQuerySchema, { minSalary: '9', maxSalary: '3' });
    expect(range.error?.issues[0]?.path).toEqual(['minSalary']);
    expect(z.parse(JobSearchQuerySchema, { pageSize: '30', fromS3Vector: 'true' })).toMatchObject({
      pageSize: 30,
      fromS3Vector: true,
    });
    const body = z.safeParse(NewJobBody, {
      jobTitle: ' ',
      jobDescription: '',
      department: 'QA',
      location: { city: 'Pune' },
      workMode: 'Remote',
      typeofEmployment: 'Full-time',
    });
    expect(body.error?.issues.map((i) => i.path.join('.'))).toEqual(['jobTitle']);
  });
});

/** The company profile (issue 20 item 3; contract src/domain/contract/corporate-company.ts). */
import { queryOptions } from '@tanstack/react-query';
import {
  CompanyProfileAnswerSchema,
  type CompanyProfileChanges,
} from '@/domain/contract/corporate-company';
import { api } from '@/lib/api';

export const companyProfileQuery = (userId: string) =>
  queryOptions({
    queryKey: ['corporate-company', userId] as const,
    queryFn: ({ signal }) =>
      api
        .get('/corporate/company', { schema: CompanyProfileAnswerSchema, signal })
        .then((r) => r.data),
    gcTime: 24 * 60 * 60 * 1000,
    meta: { persist: true },
  });

export function saveCompanyProfile(changes: CompanyProfileChanges) {
  return api
    .patch('/corporate/company', { schema: CompanyProfileAnswerSchema, body: changes })
    .then((r) => r.data);
}

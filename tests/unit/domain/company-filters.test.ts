import { describe, expect, it } from 'vitest';
import { buildCompanyQuery } from '@/domain/company-filters';
import { companyMatchesQuery } from '@/lib/db';
import { validateCompanySearch } from '@/routes/referrals/-search-params';

describe('buildCompanyQuery (GET /company, spec §5/§7)', () => {
  it('sends nothing for no filters', () => {
    expect(buildCompanyQuery({})).toEqual({});
  });

  it('maps the search text to `filters` and trims the values', () => {
    expect(
      buildCompanyQuery({ searchText: '  acme ', industryName: ' Fintech ', isVerified: true }),
    ).toEqual({ filters: 'acme', industryName: 'Fintech', isVerified: 'true' });
  });

  it('drops empty values (spec §5: empty params are dropped)', () => {
    expect(buildCompanyQuery({ searchText: '   ', industryName: '' })).toEqual({});
  });
});

describe('validateCompanySearch (/referrals URL)', () => {
  it('keeps good values', () => {
    expect(
      validateCompanySearch({ searchText: 'acme', industryName: 'Fintech', isVerified: true }),
    ).toEqual({ searchText: 'acme', industryName: 'Fintech', isVerified: true });
  });

  it('accepts isVerified written as text, and treats anything else as no filter', () => {
    expect(validateCompanySearch({ isVerified: 'true' })).toEqual({ isVerified: true });
    expect(validateCompanySearch({ isVerified: false })).toEqual({});
    expect(validateCompanySearch({ isVerified: 'yes' })).toEqual({});
  });

  it('drops bad values from an old or hand-made link instead of failing', () => {
    expect(
      validateCompanySearch({
        searchText: 'x'.repeat(201),
        industryName: 42,
        isVerified: { nested: true },
      }),
    ).toEqual({});
    expect(validateCompanySearch({ searchText: '   ', industryName: 'i'.repeat(101) })).toEqual({});
  });
});

describe('companyMatchesQuery (the offline company listing)', () => {
  const acme = { id: 'C1', name: 'Acme Corp', industry: 'Fintech', isVerified: true };
  const globex = { id: 'C2', name: 'Globex', industry: 'Retail', isVerified: false };
  const initech = { id: 'C3', name: 'Initech', industry: null };

  const names = (query: Parameters<typeof companyMatchesQuery>[1]) =>
    [acme, globex, initech].filter((c) => companyMatchesQuery(c, query)).map((c) => c.name);

  it('matches every company without a query', () => {
    expect(names({})).toEqual(['Acme Corp', 'Globex', 'Initech']);
  });

  it('matches the name containing the text, ignoring case, as the server does', () => {
    expect(names({ filters: 'CORP' })).toEqual(['Acme Corp']);
    expect(names({ filters: 'nothing like it' })).toEqual([]);
  });

  it('matches the industry ignoring case; a company with no industry never matches one', () => {
    expect(names({ industryName: 'fintech' })).toEqual(['Acme Corp']);
    expect(names({ industryName: 'Healthcare' })).toEqual([]);
  });

  it('keeps verified companies only with isVerified=true', () => {
    expect(names({ isVerified: 'true' })).toEqual(['Acme Corp']);
  });

  it('needs every part of the query to match', () => {
    expect(names({ filters: 'glob', industryName: 'Retail', isVerified: 'true' })).toEqual([]);
    expect(names({ filters: 'glob', industryName: 'Retail' })).toEqual(['Globex']);
  });
});

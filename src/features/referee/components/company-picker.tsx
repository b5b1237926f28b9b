/**
 * The company picker of "Become a referee": a search over the company list (the companies
 * feature's query, so its pages and cache are shared) with the first matches as choices.
 */
import { Loader, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { companyQueries } from '@/features/companies';

export interface PickedCompany {
  readonly id: string;
  readonly name: string;
}

export function CompanyPicker({
  value,
  onChange,
}: {
  value: PickedCompany | null;
  onChange: (company: PickedCompany) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const list = useInfiniteQuery(companyQueries.list(debounced ? { searchText: debounced } : {}));
  const options = (list.data?.pages ?? [])
    .flatMap((page) => page.rows)
    .slice(0, 12)
    .map((c) => ({ id: c.id, name: c.name }));
  if (value && !options.some((o) => o.id === value.id)) options.unshift(value);

  return (
    <Stack gap={6}>
      <TextInput
        label="Your current company"
        placeholder="Search companies"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        rightSection={list.isFetching ? <Loader size="xs" /> : null}
      />
      {list.isError && options.length === 0 ? (
        <Text size="sm" c="dimmed">
          The company list needs a connection.
        </Text>
      ) : options.length === 0 && !list.isPending ? (
        <Text size="sm" c="dimmed">
          No company matches “{debounced}”.
        </Text>
      ) : (
        <Radio.Group
          aria-label="Companies"
          value={value?.id ?? ''}
          onChange={(id) => {
            const company = options.find((o) => o.id === id);
            if (company) onChange(company);
          }}
        >
          <Stack gap={6}>
            {options.map((company) => (
              <Radio key={company.id} value={company.id} label={company.name} />
            ))}
          </Stack>
        </Radio.Group>
      )}
    </Stack>
  );
}

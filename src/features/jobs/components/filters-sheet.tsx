/**
 * The filters on a phone (issue 26 item 5): a bottom sheet (Mantine Drawer) over the results
 * instead of a 2,000 px panel above them. Choices are a draft until "Show N jobs", which names
 * how many jobs they find (GET /job/count; offline, the jobs on this device), so a chip no
 * longer reloads the list behind the sheet at every tap. Loaded on the first tap of Filters,
 * with Mantine, so the listing's first load stays plain.
 */
import { Drawer } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DefaultFilters } from '@/domain/filters';
import buttons from '@/lib/ui/button.module.css';
import MantineRoot from '@/lib/ui/mantine-root';
import { showJobsLabel, withoutFilters } from '../active-filters';
import { jobQueries } from '../api/job-queries';
import { toJobFilters, type JobSearchParams } from '../job-search-params';
import { FilterPanel } from './filter-panel';
import classes from './filters-sheet.module.css';

export interface FiltersSheetProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly search: JobSearchParams;
  /** The profile defaults the listing applies (spec §4), so the count matches the list. */
  readonly defaults: DefaultFilters | null;
  readonly onApply: (next: JobSearchParams) => void;
}

export default function FiltersSheet({
  open,
  onClose,
  search,
  defaults,
  onApply,
}: FiltersSheetProps) {
  const [draft, setDraft] = useState(search);
  // Each opening starts from the filters the list shows (a closed sheet discards its draft):
  // adjusted while rendering, as React advises for state that follows a prop.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setDraft(search);
  }
  const count = useQuery({
    ...jobQueries.count(toJobFilters(draft), defaults),
    enabled: open,
    placeholderData: (previous) => previous,
  });
  return (
    <MantineRoot>
      <Drawer
        opened={open}
        onClose={onClose}
        position="bottom"
        size="88%"
        title="Filters"
        radius="md"
        closeButtonProps={{ 'aria-label': 'Close filters' }}
        classNames={{ body: classes.body, title: classes.title }}
      >
        <FilterPanel
          id="job-filters-sheet"
          open
          variant="sheet"
          filters={draft}
          onChange={setDraft}
        />
        <div className={classes.footer}>
          <button
            type="button"
            className={buttons.secondary}
            onClick={() => setDraft(withoutFilters(draft))}
          >
            Clear all
          </button>
          <button
            type="button"
            className={buttons.button}
            aria-busy={count.isFetching || undefined}
            onClick={() => {
              onApply(draft);
              onClose();
            }}
          >
            {showJobsLabel(count.isError ? undefined : count.data)}
          </button>
        </div>
      </Drawer>
    </MantineRoot>
  );
}

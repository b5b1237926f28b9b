import type { ReactNode } from 'react';
import buttons from '@/lib/ui/button.module.css';
import classes from './filter-panel.module.css';

interface FilterSidePanelProps {
  readonly id: string;
  /** Shown on small screens; from 900px the panel is always a side column. */
  readonly open: boolean;
  readonly onClear: () => void;
  readonly children: ReactNode;
}

/**
 * The listing's filter side panel (spec §2), the same in job and company mode: a "Filters"
 * heading, "Clear all", then the mode's filter groups.
 */
export function FilterSidePanel({ id, open, onClear, children }: FilterSidePanelProps) {
  return (
    <aside id={id} className={classes.panel} data-open={open} aria-label="Filters">
      <div className={classes.header}>
        <h2 className={classes.title}>Filters</h2>
        <button type="button" className={classes.reset} onClick={onClear}>
          Clear all
        </button>
      </div>
      {children}
    </aside>
  );
}

interface FiltersToggleProps {
  /** The id of the FilterSidePanel it opens. */
  readonly controls: string;
  readonly open: boolean;
  readonly onToggle: () => void;
}

/** spec §2: the Filters button that toggles the panel on small screens (hidden from 900px). */
export function FiltersToggle({ controls, open, onToggle }: FiltersToggleProps) {
  return (
    <button
      type="button"
      className={`${buttons.secondary} ${classes.toggle}`}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      Filters
    </button>
  );
}

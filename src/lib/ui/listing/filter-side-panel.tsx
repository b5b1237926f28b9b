import type { ReactNode } from 'react';
import buttons from '@/lib/ui/button.module.css';
import classes from './filter-panel.module.css';

interface FilterSidePanelProps {
  readonly id: string;
  /** Shown on small screens; from 900px the panel is always a side column. */
  readonly open: boolean;
  readonly onClear: () => void;
  readonly children: ReactNode;
  /** 'sheet': only the groups, inside a phone's bottom sheet that has its own title and
   * buttons (issue 26 item 5). */
  readonly variant?: 'side' | 'sheet';
}

/**
 * The listing's filter side panel (spec §2), the same in job and company mode: a "Filters"
 * heading, "Clear all", then the mode's filter groups.
 */
export function FilterSidePanel({
  id,
  open,
  onClear,
  children,
  variant = 'side',
}: FilterSidePanelProps) {
  if (variant === 'sheet') {
    return (
      <div id={id} className={classes.sheetBody}>
        {children}
      </div>
    );
  }
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
  /** How many filters are on: shown on the button (issue 26 item 5). */
  readonly activeCount?: number;
  /** It opens a dialog (the phone's bottom sheet) rather than the panel in the page. */
  readonly opensDialog?: boolean;
}

/** spec §2: the Filters button that toggles the panel on small screens (hidden from 900px). */
export function FiltersToggle({
  controls,
  open,
  onToggle,
  activeCount = 0,
  opensDialog = false,
}: FiltersToggleProps) {
  return (
    <button
      type="button"
      className={`${buttons.secondary} ${classes.toggle}`}
      aria-expanded={open}
      aria-controls={opensDialog ? undefined : controls}
      aria-haspopup={opensDialog ? 'dialog' : undefined}
      onClick={onToggle}
    >
      {/* Read as "Filters, 2 active"; seen as "Filters" and a badge with the number. One
          inline wrapper: the button is a flex box, whose items would be read with gaps. */}
      <span>
        Filters
        {activeCount > 0 && (
          <>
            <span className={classes.hidden}>, </span>
            <span className={classes.count}>{activeCount}</span>
            <span className={classes.hidden}> active</span>
          </>
        )}
      </span>
    </button>
  );
}

import classes from './filter-panel.module.css';

interface ChipGroupProps {
  readonly legend: string;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  readonly isSelected: (value: string) => boolean;
  readonly onToggle: (value: string) => void;
}

/** A filter group of toggle chips (large touch targets; aria-pressed tells the state). */
export function ChipGroup({ legend, options, isSelected, onToggle }: ChipGroupProps) {
  return (
    <fieldset className={classes.group}>
      <legend className={classes.legend}>{legend}</legend>
      <div className={classes.chips}>
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            className={classes.chip}
            aria-pressed={isSelected(option.value)}
            onClick={() => onToggle(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

import { useId, useState } from 'react';
import classes from '@/lib/ui/listing/filter-panel.module.css';

import { resolveSuggestion, type Suggestion } from '../suggestions';

export type { Suggestion } from '../suggestions';

interface ListInputProps {
  readonly label: string;
  readonly values: readonly string[] | undefined;
  readonly onChange: (values: string[]) => void;
  /** Known values (from the facets endpoint, or the static lists offline), most common first. */
  readonly suggestions?: readonly Suggestion[];
  /** Typed text becomes the known value it starts (or else contains): "Beng" → "Bengaluru". */
  readonly resolve?: boolean;
}

/**
 * A multi-value filter (skills, cities, companies): the chosen values as removable chips and a
 * text box that suggests known values (a native datalist: no extra script, works with every
 * keyboard and screen reader). A value is added on Enter, on picking a suggestion, or on blur;
 * commas separate several typed at once.
 */
export function ListInput({
  label,
  values,
  onChange,
  suggestions = [],
  resolve = false,
}: ListInputProps) {
  const id = useId();
  const listId = `${id}-options`;
  const [text, setText] = useState('');
  const chosen = values ?? [];
  const has = (value: string) => chosen.some((v) => v.toLowerCase() === value.toLowerCase());

  const add = (raw: string) => {
    const added = raw
      .split(',')
      .map((v) => v.trim())
      .map((v) => (v ? resolveSuggestion(v, suggestions, resolve) : v))
      .filter((v, i, all) => v && !has(v) && all.indexOf(v) === i);
    setText('');
    if (added.length > 0) onChange([...chosen, ...added]);
  };
  const remove = (value: string) => onChange(chosen.filter((v) => v !== value));
  const options = suggestions.filter((s) => !has(s.value));

  return (
    <div className={classes.group}>
      <label htmlFor={id} className={classes.legend}>
        {label}
      </label>
      {chosen.length > 0 && (
        <ul className={classes.chips} aria-label={`Chosen ${label.toLowerCase()}`}>
          {chosen.map((value) => (
            <li key={value}>
              <button
                type="button"
                className={classes.chip}
                aria-pressed="true"
                aria-label={`Remove ${value}`}
                onClick={() => remove(value)}
              >
                {value} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        className={classes.input}
        value={text}
        list={options.length > 0 ? listId : undefined}
        placeholder={options.length > 0 ? 'Type to see suggestions' : 'Comma separated'}
        autoComplete="off"
        onChange={(event) => {
          const next = event.target.value;
          // A pick from the datalist replaces the text with an exact suggestion: add it at once.
          const picked = (event.nativeEvent as InputEvent).inputType === 'insertReplacementText';
          if (picked && options.some((s) => s.value === next)) add(next);
          else setText(next);
        }}
        onBlur={() => add(text)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add(text);
          }
        }}
      />
      {options.length > 0 && (
        <datalist id={listId}>
          {options.map((s) => (
            <option key={s.value} value={s.value}>
              {s.count !== undefined ? `${s.value} (${s.count})` : s.value}
            </option>
          ))}
        </datalist>
      )}
    </div>
  );
}

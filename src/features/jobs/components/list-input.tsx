import { useId, useState } from 'react';
import classes from './filter-panel.module.css';

interface ListInputProps {
  readonly label: string;
  readonly values: readonly string[] | undefined;
  readonly onChange: (values: string[]) => void;
}

/** A comma-separated list filter (skills, cities, companies), applied on Enter or blur. */
export function ListInput({ label, values, onChange }: ListInputProps) {
  const id = useId();
  const current = (values ?? []).join(', ');
  const [text, setText] = useState(current);
  const [seen, setSeen] = useState(current);
  if (seen !== current) {
    setSeen(current);
    setText(current);
  }
  const apply = () => {
    const next = text
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    if (next.join(', ') !== current) onChange(next);
  };
  return (
    <div className={classes.group}>
      <label htmlFor={id} className={classes.legend}>
        {label}
      </label>
      <input
        id={id}
        className={classes.input}
        value={text}
        placeholder="Comma separated"
        onChange={(event) => setText(event.target.value)}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
        }}
      />
    </div>
  );
}

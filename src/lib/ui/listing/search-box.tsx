import { useState, type FormEvent } from 'react';
import buttons from '@/lib/ui/button.module.css';
import classes from './search-box.module.css';

interface SearchBoxProps {
  /** The applied search text (from the URL). */
  readonly value: string;
  readonly onSearch: (text: string) => void;
  /** spec §2: "Search Job" or "Search Company". */
  readonly buttonLabel: string;
  readonly placeholder: string;
}

/** spec §2: Enter or the search button runs the search; the clear button resets it. */
export function SearchBox({ value, onSearch, buttonLabel, placeholder }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    // The URL changed under us (Back, a link): show what is applied.
    setApplied(value);
    setText(value);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" className={classes.form} onSubmit={submit}>
      <div className={classes.field}>
        <input
          type="search"
          className={classes.input}
          aria-label={placeholder}
          placeholder={placeholder}
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
        />
        {text && (
          <button
            type="button"
            className={classes.clear}
            aria-label="Clear search"
            onClick={() => {
              setText('');
              onSearch('');
            }}
          >
            ×
          </button>
        )}
      </div>
      <button type="submit" className={buttons.button}>
        {buttonLabel}
      </button>
    </form>
  );
}

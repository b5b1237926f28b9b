import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { HOME_HERO } from '@/domain/home-copy';
import classes from './home-page.module.css';

/** Search jobs straight from home: goes to /jobs?searchText=… (the listing mirrors searchText,
 * spec §2). A real GET form, so it also works before the script has loaded. */
export function JobSearchForm() {
  const navigate = useNavigate();
  const [text, setText] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const searchText = text.trim();
    void navigate({
      href: searchText ? `/jobs?searchText=${encodeURIComponent(searchText)}` : '/jobs',
    });
  };

  return (
    <form role="search" action="/jobs" method="get" className={classes.search} onSubmit={onSubmit}>
      <label htmlFor="home-search" className={classes.searchLabel}>
        {HOME_HERO.searchLabel}
      </label>
      <div className={classes.searchRow}>
        <input
          id="home-search"
          name="searchText"
          type="search"
          className={classes.searchInput}
          placeholder={HOME_HERO.searchPlaceholder}
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className={classes.searchButton}>
          {HOME_HERO.searchButton}
        </button>
      </div>
    </form>
  );
}

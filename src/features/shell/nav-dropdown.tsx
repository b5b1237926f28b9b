import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import type { NavGroup } from './nav-links';
import classes from './header.module.css';

/**
 * A disclosure menu of links: a button toggles a list (click, Enter/Space, hover on pointer
 * devices); Escape closes it and returns focus to the button; so does a click or focus outside.
 * Links stay plain links (Tab moves through them), the simplest pattern that screen readers and
 * keyboards both handle well for site navigation.
 */
export function NavDropdown({ group }: { group: NavGroup }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Opened by a mouse hovering: a click then pins it open instead of toggling it shut.
  const openedByHover = useRef(false);
  const listId = useId();

  useEffect(() => {
    if (!open) {
      openedByHover.current = false;
      return;
    }
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      if (rootRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div
      ref={rootRef}
      className={classes.dropdown}
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse' || open) return;
        openedByHover.current = true;
        setOpen(true);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse' && openedByHover.current) setOpen(false);
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={classes.navItem}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => {
          if (openedByHover.current) {
            openedByHover.current = false;
            setOpen(true);
          } else {
            setOpen((v) => !v);
          }
        }}
      >
        {group.label} <span aria-hidden="true">▾</span>
      </button>
      <ul id={listId} className={classes.dropdownList} hidden={!open}>
        {group.links.map((link) => (
          <li key={link.label}>
            <Link
              to={link.to}
              className={classes.dropdownLink}
              preload="intent"
              onClick={() => setOpen(false)}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

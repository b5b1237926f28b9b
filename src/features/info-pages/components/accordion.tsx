import { useId, useState } from 'react';
import classes from './accordion.module.css';

export interface AccordionItem {
  question: string;
  answer: string[];
}

/**
 * The WAI-ARIA accordion pattern: each header is a heading holding a button with aria-expanded
 * and aria-controls; the panel is a region labelled by its button. Buttons are native, so
 * Enter/Space toggle and Tab moves between them. Several panels may be open at once.
 */
export function Accordion({
  items,
  headingLevel = 3,
}: {
  items: AccordionItem[];
  headingLevel?: 2 | 3;
}) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const baseId = useId();
  const Heading = `h${headingLevel}` as const;

  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <div className={classes.accordion}>
      {items.map((item, index) => {
        const expanded = open.has(index);
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div key={item.question} className={classes.item}>
            <Heading className={classes.heading}>
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                className={classes.button}
                onClick={() => toggle(index)}
              >
                <span>{item.question}</span>
                <span className={classes.icon} aria-hidden="true" />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!expanded}
              className={classes.panel}
            >
              {item.answer.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </div>
        );
      })}
    </div>
  );
}

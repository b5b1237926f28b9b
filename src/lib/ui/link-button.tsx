/**
 * A router link that looks like a button. Plain element + CSS module, no Mantine: the shell and
 * the light public pages use it so they render without the Mantine runtime (first-load budget,
 * issue #2). Mantine screens can use Mantine's Button with `renderRoot` as usual.
 */
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';
import classes from './link-button.module.css';

type Variant = 'filled' | 'outline' | 'subtle' | 'light';

interface ButtonAnchorProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  variant?: Variant;
  size?: 'sm' | 'md';
}

const ButtonAnchor = forwardRef<HTMLAnchorElement, ButtonAnchorProps>(
  ({ variant = 'filled', size = 'md', className, children, ...props }, ref) => (
    <a
      ref={ref}
      className={[classes.button, classes[variant], classes[size], className]
        .filter(Boolean)
        .join(' ')}
      {...props}
    >
      {children}
    </a>
  ),
);
ButtonAnchor.displayName = 'ButtonAnchor';

const CreatedLinkButton = createLink(ButtonAnchor);

export const LinkButton: LinkComponent<typeof ButtonAnchor> = (props) => (
  <CreatedLinkButton preload="intent" {...props} />
);

import { useId } from 'react';
import { PROMO_TOOLTIP, type PromoImage } from '../promo';
import classes from './promo-banner.module.css';

interface PromoBannerProps {
  readonly image: PromoImage;
  readonly onSelect: () => void;
}

/**
 * One promotional banner of the listing (spec §2): the image is the button's name, the tooltip
 * its description (shown on hover and keyboard focus at once and 10 px away: spec §9 tooltip
 * defaults). A CSS tooltip keeps Mantine out of the /jobs chunk.
 */
export function PromoBanner({ image, onSelect }: PromoBannerProps) {
  const tooltipId = useId();
  return (
    <div className={classes.wrap} data-testid="promo-banner">
      <button
        type="button"
        className={classes.banner}
        aria-describedby={tooltipId}
        onClick={onSelect}
      >
        <img
          className={classes.image}
          src={image.src}
          alt={image.alt}
          width={640}
          height={120}
          loading="lazy"
          decoding="async"
        />
      </button>
      <span id={tooltipId} role="tooltip" className={classes.tooltip}>
        {PROMO_TOOLTIP}
      </span>
    </div>
  );
}

/**
 * The promotional banner of the job listing (spec §2 "Job mode", §6, §9): for signed-in users a
 * banner follows every 8th job card, rotating through 4 images (the n-th banner shows image
 * n mod 4). It is hidden while the dashboard=USER filter is active: the banner advertises the
 * jobs posted on the product itself (the "Job Type" filter, `dashboard`), and clicking it
 * selects that filter, so once it is on the banner has nothing left to offer.
 */

// spec §9: job promo every 8th card, 4 promo images.
export const PROMO_EVERY = 8;

export interface PromoImage {
  readonly src: string;
  readonly alt: string;
}

const asset = (name: string) => `${import.meta.env.BASE_URL}${name}`;

export const PROMO_IMAGES: readonly PromoImage[] = [
  { src: asset('promo-1.svg'), alt: 'Share jobs, earn rewards: jobs posted on ReferralHub' },
  { src: asset('promo-2.svg'), alt: 'Know someone who fits? Pass our jobs to friends' },
  { src: asset('promo-3.svg'), alt: 'Fresh jobs from employers: spread the word, get rewarded' },
  { src: asset('promo-4.svg'), alt: 'Refer and earn: every hire you help counts' },
];

// spec §2: the tooltip says to view the jobs posted by the provider and share them with friends
// to earn rewards.
export const PROMO_TOOLTIP =
  'View the jobs posted by ReferralHub and share them with your friends to earn rewards.';

/** The filter value the banner selects (and that hides it). */
export const PROMO_DASHBOARD = 'USER';

export type ListingItem<T> =
  | { readonly kind: 'job'; readonly job: T }
  | { readonly kind: 'promo'; readonly index: number; readonly image: PromoImage };

export interface PromoContext {
  readonly signedIn: boolean;
  readonly dashboard: string | null | undefined;
}

export function showsPromos({ signedIn, dashboard }: PromoContext): boolean {
  return signedIn && dashboard !== PROMO_DASHBOARD;
}

/** The job rows with a banner after every 8th one when `show` (see showsPromos). */
export function withPromos<T>(rows: readonly T[], show: boolean): ListingItem<T>[] {
  const items: ListingItem<T>[] = [];
  rows.forEach((job, i) => {
    items.push({ kind: 'job', job });
    if (show && (i + 1) % PROMO_EVERY === 0) {
      const index = (i + 1) / PROMO_EVERY - 1;
      items.push({ kind: 'promo', index, image: PROMO_IMAGES[index % PROMO_IMAGES.length]! });
    }
  });
  return items;
}

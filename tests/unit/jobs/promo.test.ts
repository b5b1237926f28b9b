import { describe, expect, it } from 'vitest';
import { PROMO_EVERY, PROMO_IMAGES, showsPromos, withPromos } from '@/features/jobs';

const rows = (n: number) => Array.from({ length: n }, (_, i) => `job-${i + 1}`);

/** The items as a compact string: jobs by number, banners as P<image number>. */
function layout(items: ReturnType<typeof withPromos<string>>): string[] {
  return items.map((item) =>
    item.kind === 'job' ? item.job.replace('job-', '') : `P${PROMO_IMAGES.indexOf(item.image) + 1}`,
  );
}

describe('promotional banner placement (spec §2, §9)', () => {
  it('follows every 8th job and rotates through the 4 images', () => {
    expect(PROMO_EVERY).toBe(8);
    expect(PROMO_IMAGES).toHaveLength(4);
    const items = withPromos(rows(41), true);
    const banners = items.filter((item) => item.kind === 'promo');
    expect(banners).toHaveLength(5);
    const out = layout(items);
    // Banners sit right after jobs 8, 16, 24, 32 and 40; the 5th starts the rotation again.
    for (const [job, image] of [
      ['8', 'P1'],
      ['16', 'P2'],
      ['24', 'P3'],
      ['32', 'P4'],
      ['40', 'P1'],
    ] as const) {
      expect(out[out.indexOf(job) + 1]).toBe(image);
    }
    expect(out.at(-1)).toBe('41');
    expect(items.filter((item) => item.kind === 'job')).toHaveLength(41);
  });

  it('puts none before the 8th job, and one after it even when it is the last', () => {
    expect(layout(withPromos(rows(7), true))).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(layout(withPromos(rows(8), true)).at(-1)).toBe('P1');
    expect(withPromos([], true)).toEqual([]);
  });

  it('puts none when hidden', () => {
    expect(withPromos(rows(24), false).every((item) => item.kind === 'job')).toBe(true);
  });

  it('shows only to signed-in users, and not while dashboard=USER is active (spec §2, §6)', () => {
    expect(showsPromos({ signedIn: true, dashboard: undefined })).toBe(true);
    expect(showsPromos({ signedIn: true, dashboard: 'EXTERNAL' })).toBe(true);
    expect(showsPromos({ signedIn: true, dashboard: 'USER' })).toBe(false);
    expect(showsPromos({ signedIn: false, dashboard: undefined })).toBe(false);
  });

  it('gives every image alt text and a small same-origin SVG', () => {
    for (const image of PROMO_IMAGES) {
      expect(image.alt.length).toBeGreaterThan(10);
      expect(image.src).toMatch(/^\/promo-[1-4]\.svg$/);
    }
  });
});

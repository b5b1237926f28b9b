/**
 * Colour band of the score gauge (spec §4: "up to 25 red, up to 50 orange, up to 75 sky blue,
 * above that green"). Returns a colour name; the UI maps it to its theme colour. Bounds are
 * inclusive ("up to"), so exactly 25 is red and exactly 75 is sky blue. A missing or NaN score
 * reads as 0.
 */
export type GaugeColour = 'red' | 'orange' | 'sky-blue' | 'green';

// spec §4: up to 25 red, up to 50 orange, up to 75 sky blue, above that green.
const GAUGE_BANDS: readonly (readonly [upTo: number, colour: GaugeColour])[] = [
  [25, 'red'],
  [50, 'orange'],
  [75, 'sky-blue'],
];

export function gaugeColour(score: number | null | undefined): GaugeColour {
  const value = typeof score === 'number' && !Number.isNaN(score) ? score : 0;
  for (const [upTo, colour] of GAUGE_BANDS) if (value <= upTo) return colour;
  return 'green';
}

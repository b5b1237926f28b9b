/**
 * The filter bands of spec §9: salary (lakhs per annum), experience (years) and team size
 * (employees). A band is a single-choice option of a range filter (spec §5) and maps to the
 * min/max numbers sent to the server.
 *
 * - `id` is the stable value kept in filter state and URLs: "min-max", or "min+" for an
 *   open-ended band (team size "5000+", matching the stored company team-size values).
 * - `label` is the option text; the unit belongs to the filter's heading ("Salary (LPA)").
 *   Experience's last band is 25-100 in numbers but reads "25+" (spec §9).
 * - `max: null` means no upper limit.
 */
export interface Band {
  readonly id: string;
  readonly label: string;
  readonly min: number;
  readonly max: number | null;
}

function band(min: number, max: number | null, label?: string): Band {
  const id = max === null ? `${min}+` : `${min}-${max}`;
  return { id, label: label ?? id, min, max };
}

// spec §9: salary bands in lakhs, 14 bands from 0-5 to 500-1000.
export const SALARY_BANDS: readonly Band[] = [
  band(0, 5),
  band(5, 10),
  band(10, 15),
  band(15, 20),
  band(20, 25),
  band(25, 30),
  band(30, 40),
  band(40, 50),
  band(50, 75),
  band(75, 100),
  band(100, 200),
  band(200, 300),
  band(300, 500),
  band(500, 1000),
];

// spec §9: experience bands 0-1 up to 25+ years (the last is 25-100).
export const EXPERIENCE_BANDS: readonly Band[] = [
  band(0, 1),
  band(1, 3),
  band(3, 5),
  band(5, 7),
  band(7, 10),
  band(10, 15),
  band(15, 20),
  band(20, 25),
  band(25, 100, '25+'),
];

// spec §9: team size bands 1-10, 10-50, 50-100, 100-500, 500-1000, 1000-5000, 5000+.
export const TEAM_SIZE_BANDS: readonly Band[] = [
  band(1, 10),
  band(10, 50),
  band(50, 100),
  band(100, 500),
  band(500, 1000),
  band(1000, 5000),
  band(5000, null),
];

/** The band with this id, or null (unknown ids from old URLs are ignored, not guessed). */
export function findBand(bands: readonly Band[], id: string | null | undefined): Band | null {
  if (!id) return null;
  return bands.find((candidate) => candidate.id === id) ?? null;
}

/**
 * The band a single value falls in. Bands share their edges (0-5, 5-10), so a band holds
 * min ≤ value < max, except the last band, which also holds its max. Null when outside all.
 */
export function bandForValue(bands: readonly Band[], value: number): Band | null {
  if (!Number.isFinite(value)) return null;
  const last = bands[bands.length - 1];
  for (const candidate of bands) {
    if (value < candidate.min) continue;
    if (candidate.max === null || value < candidate.max) return candidate;
    if (candidate === last && value === candidate.max) return candidate;
  }
  return null;
}

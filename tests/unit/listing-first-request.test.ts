/**
 * A signed-in browser keeps its bare listing's first request in a cookie as soon as the profile
 * is read (issue 24), so the server can show that listing's first screen on the next load of
 * `/jobs`: the same string the listing requests (bareListingQuery), for a signed-in browser only.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LISTING_COOKIE, listingCookieValue } from '@/domain/listing-cookie';
import { SIGNED_IN_COOKIE } from '@/domain/signed-in-cookie';
import { bareListingQuery, keepListingFirstRequest, profileDefaults } from '@/lib/listing-defaults';

const clear = (name: string) =>
  (document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`);

afterEach(() => {
  clear(SIGNED_IN_COOKIE);
  clear(LISTING_COOKIE);
});

const details = {
  CTC: 18,
  YOE: 4,
  isCvExtracted: true,
  candidateExperience: { designation: 'Frontend Engineer' },
  coreSkills: [{ skillName: 'React' }, { skillName: 'TypeScript' }],
  softSkills: [],
};

describe('the listing cookie follows the profile', () => {
  it("keeps the bare listing's request with the profile's defaults, for a signed-in browser", () => {
    document.cookie = `${SIGNED_IN_COOKIE}=1; Path=/`;
    keepListingFirstRequest(profileDefaults(details));
    const kept = listingCookieValue(document.cookie);
    expect(kept).toBe(bareListingQuery(profileDefaults(details)));
    expect(kept).toContain('jobTitle=Frontend+Engineer');
    expect(kept).toContain('coreSkills=React%2CTypeScript');
    expect(kept).toContain('YOE=4');

    // A profile without defaults: the unfiltered listing.
    keepListingFirstRequest(null);
    expect(listingCookieValue(document.cookie)).toBe(bareListingQuery(null));
    expect(listingCookieValue(document.cookie)).not.toContain('jobTitle');
  });

  it('keeps nothing for a browser that is not signed in', () => {
    keepListingFirstRequest(profileDefaults(details));
    expect(listingCookieValue(document.cookie)).toBeNull();
  });
});

/**
 * What the app reads back on every first load without the contract's validator (issue 24): URL
 * search params, the checkout's return and the stored session mirror. A bad value is dropped,
 * never trusted.
 */
import { describe, expect, it } from 'vitest';
import { sessionFromStorage } from '@/lib/auth/session-store';
import { boundedList, boundedString, boundedText, oneOf } from '@/lib/stored-values';
import { checkoutReturnSearch } from '@/routes/-checkout-return';

describe('bounded values', () => {
  it('keeps strings within their length, with text in them where asked', () => {
    expect(boundedString('abc', 3)).toBe('abc');
    expect(boundedString('abcd', 3)).toBeUndefined();
    expect(boundedString(3, 3)).toBeUndefined();
    expect(boundedString('  ', 3)).toBe('  ');
    expect(boundedText('  ', 3)).toBeUndefined();
    expect(boundedText(' a ', 3)).toBe(' a ');
  });

  it('keeps lists of bounded strings, not empty ones, too long ones or mixed ones', () => {
    expect(boundedList(['a', 'bb'], 2, 2)).toEqual(['a', 'bb']);
    expect(boundedList([], 2, 2)).toBeUndefined();
    expect(boundedList(['a', 'b', 'c'], 2, 2)).toBeUndefined();
    expect(boundedList(['a', 'bbb'], 2, 2)).toBeUndefined();
    expect(boundedList(['a', 1], 2, 2)).toBeUndefined();
    expect(boundedList('a', 2, 2)).toBeUndefined();
  });

  it('takes one of the options only', () => {
    expect(oneOf('USER', ['USER', 'EXTERNAL'])).toBe('USER');
    expect(oneOf('user', ['USER', 'EXTERNAL'])).toBeUndefined();
  });
});

describe("the checkout's return", () => {
  it('keeps the ids a page takes and `failed`', () => {
    expect(
      checkoutReturnSearch({ order: 'o1', payment_id: 'p1', signature: 's', booking: 'b1' }, [
        'order',
        'payment_id',
        'signature',
      ]),
    ).toEqual({ order: 'o1', payment_id: 'p1', signature: 's' });
    expect(checkoutReturnSearch({ order: 'o1', failed: 1 }, ['order'])).toEqual({
      order: 'o1',
      failed: 1,
    });
    expect(checkoutReturnSearch({}, ['order'])).toEqual({});
  });

  it('is no return at all when a value does not fit', () => {
    expect(
      checkoutReturnSearch({ order: 'o'.repeat(65), payment_id: 'p1' }, ['order', 'payment_id']),
    ).toEqual({});
    expect(
      checkoutReturnSearch({ order: 'o1', payment_id: ['p1'] }, ['order', 'payment_id']),
    ).toEqual({});
    expect(checkoutReturnSearch({ order: 'o1', failed: { x: 1 } }, ['order'])).toEqual({});
  });
});

describe('the stored session mirror', () => {
  const stored = {
    sub: 'user-1',
    email: 'candidate@example.com',
    fullName: 'Asha Candidate',
    userType: ['general-user'],
    corporateUserType: null,
    lastAccessedDash: null,
  };

  it('reads a mirror with or without the fields added later', () => {
    expect(sessionFromStorage(stored)).toEqual(stored);
    const later = { ...stored, referralCount: 3, profileImageUrl: null };
    expect(sessionFromStorage(later)).toEqual(later);
    expect(
      sessionFromStorage({
        ...stored,
        corporateUserType: 'corporate-admin',
        userType: ['corporate'],
      }),
    ).toMatchObject({ corporateUserType: 'corporate-admin' });
  });

  it('is not trusted when anything does not fit', () => {
    for (const bad of [
      null,
      'user-1',
      { ...stored, sub: '' },
      { ...stored, email: undefined },
      { ...stored, userType: ['root'] },
      { ...stored, userType: 'general-user' },
      { ...stored, corporateUserType: 'owner' },
      { ...stored, corporateUserType: undefined },
      { ...stored, lastAccessedDash: 5 },
      { ...stored, referralCount: '3' },
      { ...stored, profileImageUrl: 5 },
    ]) {
      expect(sessionFromStorage(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('keeps nothing it does not know', () => {
    expect(sessionFromStorage({ ...stored, accessToken: 'secret' })).not.toHaveProperty(
      'accessToken',
    );
  });
});

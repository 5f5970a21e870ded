import { describe, expect, it } from 'vitest';
import { ListingBody } from './listing.schemas.js';
import { DEFAULT_TERMS, SHIPPING_PRICE_MAX, SHIPS_FROM_MAX, termsTag } from './listing-terms.js';
import { LISTING_TERMS_MESSAGES as TERMS } from './listing-terms-messages.js';

const base = {
  title: 'Plano tackle box',
  description: 'Three trays, clean.',
  price: 30,
  category: 'tackle',
  gear_types: ['Saltwater'],
  images: ['/files/product-images/box.jpg'],
  location: 'Austin, TX',
};

const parse = (terms: Record<string, unknown>) => ListingBody.safeParse({ ...base, ...terms });

/** The issues of a body, as field → text. */
function issues(terms: Record<string, unknown>): Record<string, string> {
  const result = parse(terms);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

function fields(terms: Record<string, unknown>) {
  const result = parse(terms);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
}

describe('listing terms', () => {
  it('a listing without terms lists for local pickup, open to offers, without returns', () => {
    expect(fields({})).toMatchObject(DEFAULT_TERMS);
    expect(DEFAULT_TERMS).toEqual({
      handover: 'pickup',
      shipping_price: null,
      ships_from: null,
      handling_days: null,
      accepts_offers: true,
      returns_accepted: false,
      return_window_days: null,
    });
  });

  it('keeps valid terms for each handover', () => {
    expect(fields({ handover: 'pickup', accepts_offers: false })).toMatchObject({
      ...DEFAULT_TERMS,
      accepts_offers: false,
    });
    expect(
      fields({ handover: 'shipping', shipping_price: 12.5, ships_from: 'Dallas, TX', handling_days: 3 }),
    ).toMatchObject({
      handover: 'shipping',
      shipping_price: 12.5,
      ships_from: 'Dallas, TX',
      handling_days: 3,
    });
    expect(
      fields({
        handover: 'both',
        shipping_price: 0,
        returns_accepted: true,
        return_window_days: 30,
      }),
    ).toMatchObject({
      handover: 'both',
      shipping_price: 0,
      // Ships from the listing's place, and soon, unless told otherwise.
      ships_from: 'Austin, TX',
      handling_days: 2,
      returns_accepted: true,
      return_window_days: 30,
    });
    expect(fields({ handover: 'shipping', shipping_price: SHIPPING_PRICE_MAX }).shipping_price).toBe(
      SHIPPING_PRICE_MAX,
    );
  });

  it('drops shipping details from a pickup-only listing and the return window without returns', () => {
    expect(
      fields({
        handover: 'pickup',
        shipping_price: -5,
        ships_from: 'x'.repeat(SHIPS_FROM_MAX + 1),
        handling_days: 99,
        returns_accepted: false,
        return_window_days: 30,
      }),
    ).toMatchObject(DEFAULT_TERMS);
  });

  it('refuses each invalid term with its text', () => {
    const shipping = { handover: 'shipping', shipping_price: 5 };
    expect(issues({ handover: 'drone' })).toEqual({ handover: TERMS.handoverInvalid });
    expect(issues({ handover: null })).toEqual({ handover: TERMS.handoverInvalid });
    expect(issues({ handover: 'shipping' })).toEqual({ shipping_price: TERMS.shippingPriceInvalid });
    for (const price of [-1, 1.005, '5', Number.NaN, null])
      expect(issues({ ...shipping, shipping_price: price }), String(price)).toEqual({
        shipping_price: TERMS.shippingPriceInvalid,
      });
    expect(issues({ ...shipping, shipping_price: SHIPPING_PRICE_MAX + 0.01 })).toEqual({
      shipping_price: TERMS.shippingPriceTooHigh,
    });
    for (const days of [0, 4, 1.5, '2'])
      expect(issues({ ...shipping, handling_days: days }), String(days)).toEqual({
        handling_days: TERMS.handlingDaysInvalid,
      });
    expect(issues({ ...shipping, ships_from: 'x'.repeat(SHIPS_FROM_MAX + 1) })).toEqual({
      ships_from: TERMS.shipsFromTooLong,
    });
    expect(issues({ ...shipping, ships_from: 'x'.repeat(SHIPS_FROM_MAX) })).toEqual({});
    for (const window of [undefined, null, 10, '14'])
      expect(issues({ returns_accepted: true, return_window_days: window }), String(window)).toEqual({
        return_window_days: TERMS.returnWindowInvalid,
      });
  });
});

describe('termsTag', () => {
  it('tags pickup-only and free shipping, nothing else', () => {
    expect(termsTag({ handover: 'pickup', shipping_price: null })).toBe('Pickup only');
    expect(termsTag({ handover: 'shipping', shipping_price: 0 })).toBe('Free shipping');
    expect(termsTag({ handover: 'both', shipping_price: 0 })).toBe('Free shipping');
    expect(termsTag({ handover: 'shipping', shipping_price: 8 })).toBeNull();
    expect(termsTag({ handover: 'both', shipping_price: 8 })).toBeNull();
  });
});

describe('the terms texts', () => {
  it('name the shipping ceiling the checks apply', () => {
    expect(TERMS.shippingPriceTooHigh).toContain(`$${SHIPPING_PRICE_MAX.toLocaleString('en-US')}`);
  });
});

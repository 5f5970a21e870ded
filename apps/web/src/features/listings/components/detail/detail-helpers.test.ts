import type { CurrentUserDto, ListingDto } from '@castline/shared';
import { describe, expect, it } from 'vitest';
import { member } from '../../../../test/fixtures';
import { withReaction } from '../../api/listing-actions';
import { listingRolesOf } from './listing-action-bar';
import { formatRating, formatRodLength, formatSales, labelOf } from './listing-format';
import { photoLabel } from './listing-gallery';
import { specGroupsOf } from './listing-specs';

const listing = {
  id: 'l_1',
  title: 'Combo',
  description: 'A combo',
  price: 99,
  condition: 'good',
  category: 'combo',
  gear_types: ['Fly Fishing'],
  tags: [],
  images: [],
  seller_id: 'u_2',
  seller: {
    id: 'u_2',
    username: 'seller',
    avatar_url: null,
    seller_rating: 0,
    sales_count: 0,
    created_at: '2025-01-01T00:00:00.000Z',
  },
  location: 'Bend, OR',
  location_coordinates: null,
  brand: null,
  model: '',
  rod_brand: 'Sage',
  rod_composition: 'graphite',
  rod_length_feet: 9,
  rod_length_inches: 0,
  rod_power_rating: 'Light',
  reel_brand: 'Lamson',
  reel_type: 'fly',
  reel_gear_ratio: 'single-speed',
  handover: 'both',
  shipping_price: 15,
  ships_from: null,
  handling_days: 2,
  accepts_offers: true,
  returns_accepted: false,
  return_window_days: null,
  sold: false,
  sale_pending: false,
  offer_guardrails: null,
  sold_at: null,
  buyer_id: null,
  transaction_rating: null,
  deleted: false,
  visible_in_marketplace: true,
  moderation_status: 'active',
  is_featured: false,
  likes_count: 0,
  favorites_count: 5,
  views_count: null,
  liked: false,
  favorited: true,
  distance: null,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
} satisfies ListingDto;

describe('listing detail formats', () => {
  it('spells rod lengths in feet and inches', () => {
    expect(formatRodLength(7, 6)).toBe('7 ft 6 in');
    expect(formatRodLength(9, 0)).toBe('9 ft');
    expect(formatRodLength(0, 8)).toBe('8 in');
    expect(formatRodLength(null, null)).toBeNull();
    expect(formatRodLength(0, 0)).toBeNull();
  });

  it('reads labels, ratings, sales and photo positions', () => {
    expect(labelOf([{ value: 'star-drag', label: 'Star Drag' }], 'star-drag')).toBe('Star Drag');
    expect(labelOf([{ value: 'a', label: 'A' }], null)).toBeNull();
    expect(formatRating(4.86)).toBe('4.9');
    expect(formatRating(5)).toBe('5.0');
    expect(formatSales(1)).toBe('1 sale');
    expect(formatSales(0)).toBe('0 sales');
    expect(photoLabel(1, 5)).toBe('Photo 2 of 5');
  });

  it('groups a combo into item, rod and reel details and leaves out empty values', () => {
    const groups = specGroupsOf(listing);
    expect(groups.map((group) => group.title)).toEqual(['Details', 'Rod details', 'Reel details']);
    expect(groups[0]?.rows.map((row) => row.label)).toEqual(['Condition', 'Category', 'Gear types']);
    expect(groups[0]?.rows[1]?.value).toBe('Rod/Reel Combo');
    expect(groups[1]?.rows).toContainEqual({ label: 'Length', value: '9 ft' });
    expect(groups[2]?.rows).toEqual([
      { label: 'Reel brand', value: 'Lamson' },
      { label: 'Reel type', value: 'Fly' },
      { label: 'Drag System', value: 'Single-Speed' },
    ]);
  });
});

describe('reactions', () => {
  it('moves the count with the toggle and never below zero', () => {
    expect(withReaction(listing, 'like', true)).toMatchObject({ liked: true, likes_count: 1 });
    expect(withReaction(listing, 'favorite', false)).toMatchObject({ favorited: false, favorites_count: 4 });
    expect(withReaction(listing, 'favorite', true)).toMatchObject({ favorited: true, favorites_count: 5 });
    expect(withReaction({ ...listing, liked: true }, 'like', false)).toMatchObject({ likes_count: 0 });
    expect(withReaction(listing, 'like', true, 12)).toMatchObject({ liked: true, likes_count: 12 });
  });
});

describe('listingRolesOf', () => {
  const seller: CurrentUserDto = { ...member, id: 'u_2' };
  const moderator: CurrentUserDto = {
    ...member,
    id: 'u_7',
    is_admin: true,
    permissions: ['content.moderate'],
  };
  const support: CurrentUserDto = { ...member, id: 'u_8', is_admin: true, permissions: ['users.read'] };

  it('lets the seller manage and mark sold, moderators manage, and nobody else', () => {
    expect(listingRolesOf(null, listing)).toEqual({ isOwner: false, canManage: false, canMarkSold: false });
    expect(listingRolesOf(member, listing)).toEqual({ isOwner: false, canManage: false, canMarkSold: false });
    expect(listingRolesOf(seller, listing)).toEqual({ isOwner: true, canManage: true, canMarkSold: true });
    expect(listingRolesOf(moderator, listing)).toEqual({
      isOwner: false,
      canManage: true,
      canMarkSold: false,
    });
    expect(listingRolesOf(support, listing)).toEqual({
      isOwner: false,
      canManage: false,
      canMarkSold: false,
    });
  });

  it('stops at sold listings and banned members', () => {
    expect(listingRolesOf(seller, { ...listing, sold: true })).toMatchObject({
      canManage: true,
      canMarkSold: false,
    });
    expect(listingRolesOf({ ...seller, status: 'banned' }, listing)).toEqual({
      isOwner: true,
      canManage: false,
      canMarkSold: false,
    });
    expect(listingRolesOf({ ...moderator, status: 'banned' }, listing)).toMatchObject({ canManage: false });
  });
});

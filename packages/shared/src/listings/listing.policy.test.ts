import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '../admin/admin-permissions.js';
import {
  canCreateListing,
  canManageListing,
  canMarkListingSold,
  canModerateListings,
  canRateTransaction,
  canSeeBuyer,
  canViewListing,
  type ListingActor,
  type ListingResource,
} from './listing.policy.js';

const SELLER = 'seller';
const BUYER = 'buyer';

const member = (id: string, status = 'active'): ListingActor => ({
  id,
  status,
  is_admin: false,
  hasAdminRole: false,
  permissions: [],
});
const staff = (id: string, role: 'admin' | 'moderator' | 'support', status = 'active'): ListingActor => ({
  id,
  status,
  is_admin: true,
  hasAdminRole: true,
  permissions: ROLE_PERMISSIONS[role],
});

const actors = {
  guest: null,
  owner: member(SELLER),
  bannedOwner: member(SELLER, 'banned'),
  other: member('other'),
  moderator: staff('mod', 'moderator'),
  admin: staff('admin', 'admin'),
  support: staff('support', 'support'),
  bannedModerator: staff('mod', 'moderator', 'banned'),
  /** An admin_roles row with content.moderate but no is_admin flag: not staff. */
  flaglessModerator: { ...staff('mod', 'moderator'), is_admin: false },
} as const;
type ActorName = keyof typeof actors;

const listing = (overrides: Partial<ListingResource> = {}): ListingResource => ({
  seller_id: SELLER,
  deleted: false,
  moderation_status: 'active',
  visible_in_marketplace: true,
  sold: false,
  buyer_id: null,
  transaction_rating: null,
  ...overrides,
});

const names = Object.keys(actors) as ActorName[];
const allowedFor = (check: (actor: ListingActor | null) => boolean) =>
  names.filter((name) => check(actors[name]));

describe('listing policy matrix', () => {
  it('create: any member who is not banned', () => {
    expect(allowedFor((a) => canCreateListing(a))).toEqual([
      'owner',
      'other',
      'moderator',
      'admin',
      'support',
      'flaglessModerator',
    ]);
  });

  it('moderation: admins holding content.moderate, not banned', () => {
    expect(allowedFor((a) => canModerateListings(a))).toEqual(['moderator', 'admin']);
  });

  it.each([
    [
      'active',
      [
        'guest',
        'owner',
        'bannedOwner',
        'other',
        'moderator',
        'admin',
        'support',
        'bannedModerator',
        'flaglessModerator',
      ],
    ],
    [
      'pending',
      [
        'guest',
        'owner',
        'bannedOwner',
        'other',
        'moderator',
        'admin',
        'support',
        'bannedModerator',
        'flaglessModerator',
      ],
    ],
    ['hidden', ['owner', 'bannedOwner', 'moderator', 'admin']],
    ['flagged', ['owner', 'bannedOwner', 'moderator', 'admin']],
  ])('view a %s listing: %j', (status, expected) => {
    expect(allowedFor((a) => canViewListing(a, listing({ moderation_status: status })))).toEqual(expected);
  });

  it('view: an unsold listing withheld from the public (banned seller, awaiting approval) only for its owner and staff; a sold one stays public', () => {
    expect(
      allowedFor((a) =>
        canViewListing(a, listing({ moderation_status: 'pending', visible_in_marketplace: false })),
      ),
    ).toEqual(['owner', 'bannedOwner', 'moderator', 'admin']);
    expect(
      allowedFor((a) => canViewListing(a, listing({ sold: true, visible_in_marketplace: false }))),
    ).toHaveLength(Object.keys(actors).length);
  });

  it('view: a deleted listing is seen by no one', () => {
    expect(allowedFor((a) => canViewListing(a, listing({ deleted: true })))).toEqual([]);
  });

  it('edit and delete: the owner or moderating staff; never banned, never a deleted listing', () => {
    expect(allowedFor((a) => canManageListing(a, listing()))).toEqual(['owner', 'moderator', 'admin']);
    expect(allowedFor((a) => canManageListing(a, listing({ moderation_status: 'hidden' })))).toEqual([
      'owner',
      'moderator',
      'admin',
    ]);
    expect(allowedFor((a) => canManageListing(a, listing({ deleted: true })))).toEqual([]);
  });

  it('mark sold: the owner only, once', () => {
    expect(allowedFor((a) => canMarkListingSold(a, listing()))).toEqual(['owner']);
    expect(allowedFor((a) => canMarkListingSold(a, listing({ sold: true })))).toEqual([]);
    expect(allowedFor((a) => canMarkListingSold(a, listing({ deleted: true })))).toEqual([]);
    // Withheld from the public (waiting for approval): selling it would publish it unreviewed.
    expect(allowedFor((a) => canMarkListingSold(a, listing({ visible_in_marketplace: false })))).toEqual([]);
  });

  it('who bought: the buyer, the seller and moderating staff; nobody else, guests included', () => {
    const sold = listing({ sold: true, visible_in_marketplace: false, buyer_id: BUYER });
    const withBuyer = { ...actors, buyer: member(BUYER), bannedBuyer: member(BUYER, 'banned') };
    const seeing = (resource: ListingResource) =>
      (Object.keys(withBuyer) as (keyof typeof withBuyer)[]).filter((name) =>
        canSeeBuyer(withBuyer[name], resource),
      );
    // A banned buyer or seller was still a party to the sale; banned staff are not staff.
    expect(seeing(sold)).toEqual(['owner', 'bannedOwner', 'moderator', 'admin', 'buyer', 'bannedBuyer']);
    // Also on a deleted or hidden sale (the detail page, lists and staff pages alike).
    expect(seeing({ ...sold, deleted: true })).toEqual(seeing(sold));
    expect(seeing({ ...sold, moderation_status: 'hidden' })).toEqual(seeing(sold));
    // Sold outside Castline, or not sold: there is no buyer to see.
    expect(seeing(listing({ sold: true, visible_in_marketplace: false }))).toEqual([]);
    expect(seeing(listing())).toEqual([]);
  });

  it('rate: the buyer of a sold listing, once', () => {
    const buyer = member(BUYER);
    const sold = listing({ sold: true, buyer_id: BUYER });
    expect(canRateTransaction(buyer, sold)).toBe(true);
    expect(canRateTransaction(buyer, { ...sold, transaction_rating: 4 })).toBe(false);
    expect(canRateTransaction(buyer, listing({ buyer_id: BUYER }))).toBe(false);
    expect(canRateTransaction(member(BUYER, 'banned'), sold)).toBe(false);
    expect(allowedFor((a) => canRateTransaction(a, sold))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { canEditListing } from './listing-access';

const listing = { seller_id: 'u_seller' };
const member = (id: string, extra: { is_admin?: boolean; permissions?: string[] } = {}) => ({
  id,
  is_admin: extra.is_admin ?? false,
  permissions: extra.permissions ?? [],
});

describe('canEditListing', () => {
  it.each([
    ['the seller', member('u_seller'), true],
    ['another member', member('u_other'), false],
    ['a moderator', member('u_mod', { is_admin: true, permissions: ['content.moderate'] }), true],
    [
      'an admin without content.moderate',
      member('u_support', { is_admin: true, permissions: ['users.read'] }),
      false,
    ],
    [
      'a member whose permissions list is not backed by the admin flag',
      member('u_x', { permissions: ['content.moderate'] }),
      false,
    ],
  ])('%s → %s', (_, user, allowed) => {
    expect(canEditListing(user, listing)).toBe(allowed);
  });
});

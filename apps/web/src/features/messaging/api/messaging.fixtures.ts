import type {
  ConversationDetailDto,
  ConversationDto,
  CurrentUserDto,
  ListingSummaryDto,
  MemberSummaryDto,
  MessageDto,
  PresenceDto,
  SessionStateDto,
} from '@castline/shared';
import { conversationIdFor } from '@castline/shared';
import { member, memberSession } from '../../../test/fixtures';

/** Member ids are UUIDs (conversation ids join two of them with "_"). */
export const ME = '0a6f3f5e-1111-4c2a-9d1e-00000000a001';
export const SELLER = '0a6f3f5e-2222-4c2a-9d1e-00000000b002';
export const BUYER = '0a6f3f5e-3333-4c2a-9d1e-00000000c003';
export const LISTING_ID = '5d2c8a10-4444-4e1f-8b7a-00000000d004';

export const me: CurrentUserDto = { ...member, id: ME };
export const mySession: SessionStateDto = { ...memberSession, user: me };

export const seller: MemberSummaryDto = {
  id: SELLER,
  username: 'reel_deal',
  full_name: 'Rita Reel',
  avatar_url: null,
};
export const buyer: MemberSummaryDto = {
  id: BUYER,
  username: 'bass_boss',
  full_name: null,
  avatar_url: null,
};

export function presenceOf(userId: string, overrides: Partial<PresenceDto> = {}): PresenceDto {
  return {
    user_id: userId,
    status: 'online',
    online_at: '2025-03-14T09:00:00.000Z',
    last_seen_at: null,
    ...overrides,
  };
}

export const rod: ListingSummaryDto = {
  id: LISTING_ID,
  title: 'St. Croix Mojo Bass spinning rod',
  price: 180,
  image: null,
  seller_id: SELLER,
  sold: false,
  available: true,
  handover: 'shipping',
  shipping_price: 0,
};

let counter = 0;

/** A message between two members; ids count up, times default to now. */
export function buildMessage(
  overrides: Partial<MessageDto> & Pick<MessageDto, 'sender_id' | 'recipient_id'>,
): MessageDto {
  counter += 1;
  const at = overrides.created_at ?? new Date().toISOString();
  return {
    id: `9e1b0000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    conversation_id: conversationIdFor(overrides.sender_id, overrides.recipient_id),
    content: `Message ${counter}`,
    images: [],
    type: 'chat',
    read: false,
    read_at: null,
    client_id: null,
    product_id: null,
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}

export function buildConversation(
  other: MemberSummaryDto,
  last: MessageDto,
  overrides: Partial<ConversationDto> = {},
): ConversationDto {
  return {
    id: conversationIdFor(ME, other.id),
    member: other,
    presence: presenceOf(other.id),
    last_message: last,
    unread_count: 0,
    listing: null,
    archived: false,
    muted: false,
    ...overrides,
  };
}

export function buildDetail(
  other: MemberSummaryDto,
  overrides: Partial<ConversationDetailDto> = {},
): ConversationDetailDto {
  return {
    id: conversationIdFor(ME, other.id),
    member: other,
    presence: presenceOf(other.id),
    listing: null,
    unread_count: 0,
    blocked_by_me: false,
    blocked_by_them: false,
    archived: false,
    muted: false,
    ...overrides,
  };
}

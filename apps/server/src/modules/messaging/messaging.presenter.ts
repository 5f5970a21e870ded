import type {
  ConversationDetailDto,
  ConversationDto,
  ListingSummaryDto,
  MemberSummaryDto,
  MessageDto,
  MessageType,
  PresenceDto,
} from '@castline/shared';
import { conversationIdFor, MESSAGE_TYPES, summaryTermsOf } from '@castline/shared';
import type {
  ConversationPreferences,
  ConversationRow,
  ListingCardRow,
  MemberRecord,
  MessageRow,
} from './messaging.repository.js';

/** Dollars with two decimals. */
function money(value: number | string): number {
  return Math.round(Number(value) * 100) / 100;
}

function messageType(value: string): MessageType {
  return (MESSAGE_TYPES as readonly string[]).includes(value) ? (value as MessageType) : 'chat';
}

export function presentMessage(row: MessageRow): MessageDto {
  return {
    id: row.id,
    conversation_id: conversationIdFor(row.sender_id, row.recipient_id),
    sender_id: row.sender_id,
    recipient_id: row.recipient_id,
    content: row.content,
    images: row.images,
    type: messageType(row.type),
    read: row.read,
    read_at: row.read_at?.toISOString() ?? null,
    client_id: row.client_id,
    product_id: row.product_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentMember(member: Omit<MemberRecord, 'blocked_users' | 'deleted'>): MemberSummaryDto {
  return {
    id: member.id,
    username: member.username,
    full_name: member.full_name,
    avatar_url: member.avatar_url,
  };
}

export function presentListingCard(row: ListingCardRow): ListingSummaryDto {
  return {
    id: row.id,
    title: row.title,
    price: money(row.price),
    image: row.image,
    seller_id: row.seller_id,
    sold: row.sold,
    available: row.available,
    ...summaryTermsOf(row),
  };
}

/** Presence of a member the presence table did not answer for: offline, never seen. */
export function offlinePresence(userId: string): PresenceDto {
  return { user_id: userId, status: 'offline', online_at: null, last_seen_at: null };
}

export function presentConversation(
  viewerId: string,
  row: ConversationRow,
  presence: PresenceDto | undefined,
): ConversationDto {
  return {
    id: conversationIdFor(viewerId, row.partner.id),
    member: presentMember(row.partner),
    presence: presence ?? offlinePresence(row.partner.id),
    last_message: presentMessage(row.lastMessage),
    unread_count: row.unreadCount,
    listing: row.listing ? presentListingCard(row.listing) : null,
    archived: row.preferences.archived,
    muted: row.preferences.muted,
  };
}

export function presentConversationDetail(input: {
  viewer: MemberRecord;
  member: MemberRecord;
  presence: PresenceDto | undefined;
  listing: ListingCardRow | null;
  unreadCount: number;
  preferences: ConversationPreferences;
}): ConversationDetailDto {
  const { viewer, member } = input;
  return {
    id: conversationIdFor(viewer.id, member.id),
    member: presentMember(member),
    presence: input.presence ?? offlinePresence(member.id),
    listing: input.listing ? presentListingCard(input.listing) : null,
    unread_count: input.unreadCount,
    blocked_by_me: viewer.blocked_users.includes(member.id),
    blocked_by_them: member.blocked_users.includes(viewer.id),
    archived: input.preferences.archived,
    muted: input.preferences.muted,
  };
}

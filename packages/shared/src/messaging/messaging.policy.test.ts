import { describe, expect, it } from 'vitest';
import { canAttachMessagePhoto, isConversationMember, messagePhotoNamePrefix } from './messaging.policy.js';
import { messagePreviewText } from './messaging-constants.js';

const ME = '0a6f3f5e-1111-4c2a-9d1e-00000000a001';
const THEM = '0a6f3f5e-2222-4c2a-9d1e-00000000b002';
const mine = `/files/message-images/${messagePhotoNamePrefix(ME)}1764284000000-0123456789abcdef.webp`;
const theirs = `/files/message-images/${messagePhotoNamePrefix(THEM)}1764284000000-0123456789abcdef.webp`;

describe('canAttachMessagePhoto', () => {
  it.each([
    ['my own upload', { id: ME }, mine, true],
    ["another member's upload", { id: THEM }, mine, false],
    ['a guest', null, mine, false],
    ['a photo of another bucket', { id: ME }, `/files/forum-images/${ME}-1-ab.webp`, false],
    ['an address elsewhere', { id: ME }, `https://example.com/files/message-images/${ME}-1.webp`, false],
    ['a path that climbs out', { id: ME }, `/files/message-images/../avatars/${ME}-1.webp`, false],
    ['a name that only contains the id', { id: ME }, `/files/message-images/x${ME}-1.webp`, false],
  ])('%s → %s', (_name, actor, url, allowed) => {
    expect(canAttachMessagePhoto(actor, url)).toBe(allowed);
    expect(canAttachMessagePhoto({ id: THEM }, theirs)).toBe(true);
  });
});

describe('isConversationMember', () => {
  const conversation = { member_ids: [ME, THEM] as const };
  it('admits its two members only', () => {
    expect(isConversationMember({ id: ME }, conversation)).toBe(true);
    expect(isConversationMember({ id: THEM }, conversation)).toBe(true);
    expect(isConversationMember({ id: 'someone-else' }, conversation)).toBe(false);
    expect(isConversationMember(null, conversation)).toBe(false);
  });
});

describe('messagePreviewText', () => {
  it('says what a message of photos only holds', () => {
    expect(messagePreviewText({ content: ' Hello ', images: [mine] })).toBe('Hello');
    expect(messagePreviewText({ content: '', images: [mine] })).toBe('Sent a photo');
    expect(messagePreviewText({ content: '', images: [mine, theirs] })).toBe('Sent 2 photos');
    expect(messagePreviewText({ content: '' })).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { avatarUploadNamePrefix, canUseAvatar, type ProfileActor } from './profile.policy.js';

const ME = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';
const OTHER = '0a1b2c3d-4e5f-4a6b-8c7d-9e8f7a6b5c4d';

const actors: Record<string, ProfileActor | null> = { guest: null, me: { id: ME }, other: { id: OTHER } };

const files: Record<string, string> = {
  'my upload': `/files/avatars/${avatarUploadNamePrefix(ME)}1795675658191-86ace2c7f5c10692.webp`,
  'my demo avatar': `/files/avatars/${ME}.svg`,
  "other's upload": `/files/avatars/${OTHER}-1795675658191-86ace2c7f5c10692.webp`,
  "other's demo avatar": `/files/avatars/${OTHER}.svg`,
  'an upload without an owner (named before uploads carried one)':
    '/files/avatars/1795675658191-86ace2c7f5c10692.webp',
  'a guessed name': '/files/avatars/ada-256.webp',
  'my id in the middle': `/files/avatars/x-${ME}-1.webp`,
  'my id without a separator': `/files/avatars/${ME}1.webp`,
  'my upload in another bucket': `/files/product-images/${ME}-1-2.webp`,
  'my upload behind ../': `/files/avatars/../avatars/${ME}-1.webp`,
};

describe('profile policy: whose file an avatar may be', () => {
  it.each(Object.keys(files))('%s', (file) => {
    const allowed = Object.keys(actors).filter((name) => canUseAvatar(actors[name], files[file]!));
    const expected: Record<string, string[]> = {
      'my upload': ['me'],
      'my demo avatar': ['me'],
      "other's upload": ['other'],
      "other's demo avatar": ['other'],
    };
    expect(allowed).toEqual(expected[file] ?? []);
  });
});

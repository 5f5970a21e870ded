import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ROLE_PERMISSIONS, type AdminRoleName } from '@castline/shared';
import type { Database } from '../db/client.js';
import { accounts, adminRoles, profiles, users } from '../db/schema/index.js';
import { hashPassword } from '../modules/accounts/index.js';
import type { FileStorage } from '../platform/storage/file-storage.js';
import { seedDemoListings } from './listing-seed.js';
import { seedDemoOrders } from './order-seed.js';
import { seedDemoReviews } from './review-seed.js';
import { seedDemoNotifications } from './notification-seed.js';
import { seedDemoSocial } from './social-seed.js';
import { seedDemoAdmin } from './admin-seed.js';
import { seedDemoForum } from './forum-seed.js';
import { avatarSvg } from './avatar.js';

/** Every demo member signs in with this password. */
export const DEMO_PASSWORD = 'castline-demo';
export const DEMO_EMAIL_DOMAIN = 'castline.test';

interface DemoMember {
  username: string;
  full_name: string;
  location: string;
  bio: string;
  title?: string;
  adminRole?: AdminRoleName;
  is_captain?: boolean;
  highlight?: string;
}

/** A few dozen verified members: one admin, one moderator and one non-captain among them. */
export const DEMO_MEMBERS: DemoMember[] = [
  {
    username: 'admin',
    full_name: 'Maya Brooks',
    location: 'Portland, OR',
    bio: 'Keeps Castline shipshape.',
    title: 'Harbour master',
    adminRole: 'admin',
    highlight: 'admin',
  },
  {
    username: 'moderator',
    full_name: 'Jonah Reyes',
    location: 'Tampa, FL',
    bio: 'Moderates the forum and new listings.',
    title: 'Deckhand',
    adminRole: 'moderator',
    highlight: 'moderator',
  },
  {
    username: 'landlubber',
    full_name: 'Pat Quinn',
    location: 'Denver, CO',
    bio: 'New to fishing, mostly here to learn.',
    is_captain: false,
    highlight: 'member, not a captain',
  },
  {
    username: 'captain_ahab',
    full_name: 'Abe Harlow',
    location: 'Nantucket, MA',
    bio: 'Offshore trolling and big-game reels.',
    title: 'Charter captain',
    highlight: 'captain',
  },
  {
    username: 'flyfisher_fran',
    full_name: 'Fran Okafor',
    location: 'Bozeman, MT',
    bio: 'Dry flies, light rods, cold rivers.',
  },
  {
    username: 'bassmaster_ben',
    full_name: 'Ben Carter',
    location: 'Austin, TX',
    bio: 'Largemouth in the spring, smallmouth all summer.',
  },
  {
    username: 'salty_sue',
    full_name: 'Sue Lindqvist',
    location: 'San Diego, CA',
    bio: 'Kayak angler chasing yellowtail.',
  },
  {
    username: 'troutbum',
    full_name: 'Eli Novak',
    location: 'Asheville, NC',
    bio: 'Mountain streams and tenkara.',
  },
  {
    username: 'reel_rita',
    full_name: 'Rita Gomez',
    location: 'Miami, FL',
    bio: 'Restores vintage Penn reels.',
  },
  {
    username: 'walleye_will',
    full_name: 'Will Hansen',
    location: 'Duluth, MN',
    bio: 'Ice fishing is a lifestyle.',
  },
  {
    username: 'surfcaster',
    full_name: 'Dana Whitfield',
    location: 'Nags Head, NC',
    bio: 'Long rods, heavy sinkers, red drum on the Outer Banks.',
  },
  {
    username: 'pike_patrol',
    full_name: 'Olga Petrova',
    location: 'Madison, WI',
    bio: 'Big baits for big pike.',
  },
  {
    username: 'catfish_carl',
    full_name: 'Carl Jenkins',
    location: 'Memphis, TN',
    bio: 'Night fishing the Mississippi.',
  },
  {
    username: 'tarpon_tess',
    full_name: 'Tess Morales',
    location: 'Key West, FL',
    bio: 'Fly fishing for the silver king.',
  },
  {
    username: 'steelhead_sam',
    full_name: 'Sam Whitaker',
    location: 'Seattle, WA',
    bio: 'Winter steelhead on the swing.',
  },
  {
    username: 'crappie_kim',
    full_name: 'Kim Tran',
    location: 'Tulsa, OK',
    bio: 'Light jigs and crappie fries.',
  },
  {
    username: 'musky_mike',
    full_name: 'Mike Kowalski',
    location: 'Hayward, WI',
    bio: 'Ten thousand casts and counting.',
  },
  {
    username: 'redfish_ray',
    full_name: 'Ray Boudreaux',
    location: 'New Orleans, LA',
    bio: 'Marsh flats and sight casting.',
  },
  {
    username: 'snook_sara',
    full_name: 'Sara Lindgren',
    location: 'Naples, FL',
    bio: 'Dock lights and snook at night.',
  },
  {
    username: 'halibut_hank',
    full_name: 'Hank Olsen',
    location: 'Homer, AK',
    bio: 'Deep drops for barn-door halibut.',
  },
  {
    username: 'carp_whisperer',
    full_name: 'Nina Fischer',
    location: 'Chicago, IL',
    bio: 'Carp on the fly in the city.',
  },
  {
    username: 'tuna_tom',
    full_name: 'Tom Bradley',
    location: 'Gloucester, MA',
    bio: 'Bluefin season is the best season.',
  },
  {
    username: 'bluegill_bea',
    full_name: 'Bea Simmons',
    location: 'Columbus, OH',
    bio: 'Teaching kids to fish.',
  },
  {
    username: 'striper_steve',
    full_name: 'Steve Russo',
    location: 'Montauk, NY',
    bio: 'Fall run, every year.',
  },
  { username: 'kayak_kai', full_name: 'Kai Nakamura', location: 'Honolulu, HI', bio: 'Paddle out, hook up.' },
  {
    username: 'grayling_gus',
    full_name: 'Gus Andersen',
    location: 'Fairbanks, AK',
    bio: 'Arctic grayling on tiny dries.',
  },
  {
    username: 'snapper_shay',
    full_name: 'Shay Williams',
    location: 'Galveston, TX',
    bio: 'Red snapper and rigs.',
  },
  {
    username: 'perch_paula',
    full_name: 'Paula Schmidt',
    location: 'Erie, PA',
    bio: 'Yellow perch on the big lake.',
  },
  {
    username: 'bonefish_bo',
    full_name: 'Bo Richards',
    location: 'Islamorada, FL',
    bio: 'Flats guide on my days off.',
  },
  {
    username: 'rodbuilder_rob',
    full_name: 'Rob Castellano',
    location: 'Sacramento, CA',
    bio: 'I build custom rods in my garage.',
  },
  {
    username: 'mackerel_mo',
    full_name: 'Mo Haddad',
    location: 'Portland, ME',
    bio: 'Mackerel by the bucket.',
  },
  {
    username: 'sturgeon_stella',
    full_name: 'Stella Park',
    location: 'Portland, OR',
    bio: 'Catch and release giants on the Columbia.',
  },
];

export interface SeedReport {
  created: boolean;
  users: { email: string; username: string; highlight?: string }[];
}

export function demoEmail(username: string): string {
  return `${username.replace(/_/g, '.')}@${DEMO_EMAIL_DOMAIN}`;
}

/** Seeds the demo members into an empty database; reports the demo accounts either way. */
export async function seedDemoData(
  db: Database,
  storage: FileStorage,
  logger: FastifyBaseLogger,
): Promise<SeedReport> {
  const report = (created: boolean): SeedReport => ({
    created,
    users: DEMO_MEMBERS.map((member) => ({
      email: demoEmail(member.username),
      username: member.username,
      ...(member.highlight ? { highlight: member.highlight } : {}),
    })),
  });

  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  if (anyUser) {
    const emails = DEMO_MEMBERS.map((member) => demoEmail(member.username));
    const present = await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.email, emails))
      .limit(1);
    return present.length > 0 ? report(false) : { created: false, users: [] };
  }

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const startedAt = Date.now();
  const sellers: { id: string; username: string; location: string }[] = [];
  await db.transaction(async (tx) => {
    for (const [index, member] of DEMO_MEMBERS.entries()) {
      const joined = new Date(startedAt - (DEMO_MEMBERS.length - index) * 6 * 86_400_000);
      const [user] = await tx
        .insert(users)
        .values({
          name: member.username,
          email: demoEmail(member.username),
          emailVerified: true,
          createdAt: joined,
          updatedAt: joined,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('demo seed: user insert returned nothing');
      await tx
        .insert(accounts)
        .values({ accountId: user.id, providerId: 'credential', userId: user.id, password: passwordHash });
      const avatarUrl = await storage.put(
        `avatars/${user.id}.svg`,
        avatarSvg(member.full_name, index),
        'image/svg+xml',
      );
      await tx
        .update(profiles)
        .set({
          full_name: member.full_name,
          bio: member.bio,
          title: member.title ?? null,
          location: member.location,
          avatar_url: avatarUrl,
          is_captain: member.is_captain ?? true,
          is_admin: Boolean(member.adminRole),
          role:
            member.adminRole === 'admin' || member.adminRole === 'super_admin'
              ? 'admin'
              : (member.adminRole ?? 'user'),
        })
        .where(eq(profiles.id, user.id));
      if (!member.adminRole)
        sellers.push({ id: user.id, username: member.username, location: member.location });
      if (member.adminRole) {
        await tx.insert(adminRoles).values({
          user_id: user.id,
          role: member.adminRole,
          permissions: [...ROLE_PERMISSIONS[member.adminRole]],
        });
      }
    }
  });
  const listings = await seedDemoListings(db, storage, sellers);
  const social = await seedDemoSocial(db, storage);
  const orders = await seedDemoOrders(db);
  const reviews = await seedDemoReviews(db);
  await seedDemoForum(db, storage);
  const notificationSettings = await seedDemoNotifications(db);
  await seedDemoAdmin(db);
  logger.info(
    { members: DEMO_MEMBERS.length, listings, orders, reviews, ...social, notificationSettings },
    'demo data seeded into the empty database',
  );
  return report(true);
}

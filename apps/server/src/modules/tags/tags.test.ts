import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ListingAlertDto,
  ListingDto,
  ListingListDto,
  PostDto,
  PostListDto,
  TAG_MESSAGES,
  TAGS,
  TagListDto,
  TagPageDto,
} from '@castline/shared';
import { alertNotifications, products } from '../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import {
  buildListing,
  buildPost,
  errorOf,
  get,
  guest,
  post,
  put,
  signedInMember,
  type Caller,
  type Member,
} from '../../../test/factories.js';
import { tackleBody } from '../listings/listings.test-helpers.js';

// This file's database is a fresh copy of the migrated template (no demo data): every tagged row
// below is one of these tests'. Each test uses tags of its own, so counts do not cross tests.
const t = useTestApp();

const member = () => signedInMember(t.app, t.database.db);

function patch(url: string, payload: unknown, caller: Caller) {
  return t.app.inject({
    method: 'PATCH',
    url,
    payload: payload as object,
    remoteAddress: caller.ip ?? '127.0.0.1',
    headers: caller.cookie ? { cookie: caller.cookie } : {},
  });
}

async function createListing(seller: Member, overrides: Record<string, unknown>) {
  const response = await post(t.app, '/api/listings', tackleBody(overrides), seller);
  expect(response.statusCode, response.body).toBe(201);
  return ListingDto.parse(response.json());
}

async function createTopic(author: Member, overrides: Record<string, unknown>) {
  const response = await post(
    t.app,
    '/api/forum/posts',
    {
      title: 'Brookies on dries',
      category: 'Fishing Reports',
      content: 'Small water, big fun.',
      ...overrides,
    },
    author,
  );
  expect(response.statusCode, response.body).toBe(201);
  return PostDto.parse(response.json());
}

describe('tags on listings', () => {
  it('are written on create (known slugs, once each, in the reference order) and kept or changed on edit', async () => {
    const seller = await member();
    const created = await createListing(seller, { tags: ['fly', 'trout', 'fly'] });
    expect(created.tags).toEqual(['trout', 'fly']);

    // An edit from a client that sends no tags keeps them.
    const kept = await put(t.app, `/api/listings/${created.id}`, tackleBody({ price: 35 }), seller);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(ListingDto.parse(kept.json()).tags).toEqual(['trout', 'fly']);

    const changed = await put(
      t.app,
      `/api/listings/${created.id}`,
      tackleBody({ tags: ['steelhead'] }),
      seller,
    );
    expect(ListingDto.parse(changed.json()).tags).toEqual(['steelhead']);
    const cleared = await put(t.app, `/api/listings/${created.id}`, tackleBody({ tags: [] }), seller);
    expect(ListingDto.parse(cleared.json()).tags).toEqual([]);

    // A listing created without tags has none.
    expect((await createListing(seller, {})).tags).toEqual([]);
  });

  it('refuses unknown tags, a tags field that is not a list of slugs, and more than five, naming the field', async () => {
    const seller = await member();
    const cases: [unknown, string][] = [
      [['trout', 'walrus'], TAG_MESSAGES.unknownTag('walrus')],
      ['trout', TAG_MESSAGES.tagsInvalid],
      [[1, 2], TAG_MESSAGES.tagsInvalid],
      [['bass', 'trout', 'salmon', 'pike', 'carp', 'fly'], TAG_MESSAGES.tooManyTags],
    ];
    for (const [tags, message] of cases) {
      const response = await post(t.app, '/api/listings', tackleBody({ tags }), seller);
      expect(response.statusCode, JSON.stringify(tags)).toBe(400);
      expect(errorOf(response).issues).toEqual([{ path: 'tags', message }]);
    }
    // Five known tags, one repeated, are fine.
    const five = await createListing(seller, { tags: ['bass', 'trout', 'salmon', 'pike', 'carp', 'carp'] });
    expect(five.tags).toEqual(['bass', 'trout', 'salmon', 'pike', 'carp']);
    const rows = await t.database.db
      .select({ tags: products.tags })
      .from(products)
      .where(eq(products.id, five.id));
    expect(rows[0]?.tags).toEqual(['bass', 'trout', 'salmon', 'pike', 'carp']);
  });

  it('filter the marketplace by all of the tags chosen', async () => {
    const seller = await member();
    const both = await createListing(seller, { title: 'Catfish bottom rig', tags: ['catfish', 'bottom'] });
    const catfishOnly = await createListing(seller, {
      title: 'Catfish crankbaits',
      tags: ['catfish', 'baitcasting'],
    });
    const bottomOnly = await createListing(seller, { title: 'Sinker assortment', tags: ['bottom'] });
    await createListing(seller, { title: 'Untagged tackle box' });

    const ids = async (query: string) => {
      const response = await get(t.app, `/api/listings?${query}`, guest());
      expect(response.statusCode, response.body).toBe(200);
      const list = ListingListDto.parse(response.json());
      return { ids: list.items.map((item) => item.id).sort(), total: list.total };
    };
    expect(await ids('tags=catfish,bottom')).toEqual({ ids: [both.id], total: 1 });
    expect(await ids('tags=bottom&tags=catfish')).toEqual({ ids: [both.id], total: 1 });
    expect(await ids('tags=catfish')).toEqual({ ids: [both.id, catfishOnly.id].sort(), total: 2 });
    expect(await ids('tags=bottom&sort=price_asc')).toEqual({
      ids: [both.id, bottomOnly.id].sort(),
      total: 2,
    });
    expect(await ids('tags=catfish&category=tackle&q=crankbaits')).toEqual({
      ids: [catfishOnly.id],
      total: 1,
    });

    const unknown = await get(t.app, '/api/listings?tags=catfish,walrus', guest());
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).issues?.map((issue) => issue.path)).toEqual(['tags']);
  });
});

describe('tags on forum topics', () => {
  it('are written on create and on edit, and refused when unknown, naming the field', async () => {
    const author = await member();
    const topic = await createTopic(author, { tags: ['kayak', 'redfish'] });
    expect(topic.tags).toEqual(['redfish', 'kayak']);

    const edited = await patch(`/api/forum/posts/${topic.id}`, { tags: ['snook'] }, author);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(PostDto.parse(edited.json()).tags).toEqual(['snook']);
    // An edit of other fields keeps the tags.
    const retitled = await patch(`/api/forum/posts/${topic.id}`, { title: 'Snook at first light' }, author);
    expect(PostDto.parse(retitled.json()).tags).toEqual(['snook']);

    const bad = await patch(`/api/forum/posts/${topic.id}`, { tags: ['snook', 'kraken'] }, author);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).issues).toEqual([{ path: 'tags', message: TAG_MESSAGES.unknownTag('kraken') }]);
    const other = await member();
    const refused = await post(
      t.app,
      '/api/forum/posts',
      {
        title: 'Too many',
        category: 'General',
        content: 'Tags galore',
        tags: TAGS.slice(0, 6).map((tag) => tag.slug),
      },
      other,
    );
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).issues).toEqual([{ path: 'tags', message: TAG_MESSAGES.tooManyTags }]);

    // A topic written without tags has none.
    expect((await createTopic(await member(), {})).tags).toEqual([]);
  });

  it('filter the forum list by one tag, published topics only', async () => {
    const author = await member();
    const trout = await buildPost(t.database.db, author.id, {
      title: 'Trout on the Madison',
      tags: ['trout', 'fly'],
    });
    await buildPost(t.database.db, author.id, { title: 'Trout hidden', tags: ['trout'], status: 'hidden' });
    await buildPost(t.database.db, author.id, { title: 'Walleye jigging', tags: ['walleye', 'jigging'] });

    const response = await get(t.app, '/api/forum/posts?tag=trout', guest());
    expect(response.statusCode, response.body).toBe(200);
    const list = PostListDto.parse(response.json());
    expect(list.items.map((item) => item.id)).toEqual([trout.id]);
    expect(list.items[0]?.tags).toEqual(['trout', 'fly']);
    expect(list.total).toBe(1);

    const unknown = await get(t.app, '/api/forum/posts?tag=walrus', guest());
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).issues?.[0]?.path).toBe('tag');
  });
});

describe('the tag page', () => {
  it('shows the tag with its public talk and gear, and counts only what anyone may see', async () => {
    const author = await member();
    const seller = await member();
    const older = await buildPost(t.database.db, author.id, {
      title: 'Muskie follow at the boat',
      tags: ['muskie'],
    });
    const newer = await buildPost(t.database.db, author.id, {
      title: 'Figure-eight tips',
      tags: ['muskie', 'trolling'],
    });
    await buildPost(t.database.db, author.id, {
      title: 'Hidden muskie topic',
      tags: ['muskie'],
      status: 'hidden',
    });
    const forSale = await buildListing(t.database.db, seller.id, {
      title: 'Muskie bucktails',
      tags: ['muskie'],
    });
    await buildListing(t.database.db, seller.id, { title: 'Sold muskie rod', tags: ['muskie'], sold: true });
    await buildListing(t.database.db, seller.id, {
      title: 'Hidden muskie net',
      tags: ['muskie'],
      moderation_status: 'hidden',
    });
    await buildListing(t.database.db, seller.id, {
      title: 'Deleted muskie reel',
      tags: ['muskie'],
      deleted: true,
    });

    const response = await get(t.app, '/api/tags/muskie', guest());
    expect(response.statusCode, response.body).toBe(200);
    const page = TagPageDto.parse(response.json());
    expect(page).toMatchObject({
      slug: 'muskie',
      label: 'Muskie',
      group: 'species',
      group_label: 'Species',
      topics_count: 2,
      listings_count: 1,
    });
    expect(page.topics.map((topic) => topic.id)).toEqual([newer.id, older.id]);
    expect(page.listings.map((listing) => listing.id)).toEqual([forSale.id]);

    const index = TagListDto.parse((await get(t.app, '/api/tags', guest())).json());
    expect(index.items.map((tag) => tag.slug)).toEqual(TAGS.map((tag) => tag.slug));
    expect(index.items.find((tag) => tag.slug === 'muskie')).toMatchObject({
      topics_count: 2,
      listings_count: 1,
    });
    expect(index.items.find((tag) => tag.slug === 'trolling')).toMatchObject({
      topics_count: 1,
      listings_count: 0,
    });
    expect(index.items.find((tag) => tag.slug === 'tuna')).toMatchObject({
      topics_count: 0,
      listings_count: 0,
    });
  });

  it('answers an empty page for a tag nothing carries, and 404 with a clear message for a tag Castline does not have', async () => {
    const empty = TagPageDto.parse((await get(t.app, '/api/tags/halibut', guest())).json());
    expect(empty).toMatchObject({
      slug: 'halibut',
      topics_count: 0,
      listings_count: 0,
      topics: [],
      listings: [],
    });

    for (const slug of ['walrus', 'BASS', '%3Cscript%3E']) {
      const response = await get(t.app, `/api/tags/${slug}`, guest());
      expect(response.statusCode, slug).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: TAG_MESSAGES.tagNotFound });
    }
  });
});

describe('saved searches with tags', () => {
  it('keep the tags and match only listings carrying all of them', async () => {
    const owner = await member();
    const seller = await member();
    const saved = await post(
      t.app,
      '/api/alerts',
      { name: 'Surf redfish', filters: { tags: ['surf', 'redfish'] } },
      owner,
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const alert = ListingAlertDto.parse(saved.json());
    expect(alert.filters).toEqual({ tags: ['redfish', 'surf'] });

    const both = await createListing(seller, { title: 'Surf rod for reds', tags: ['surf', 'redfish'] });
    const surfOnly = await createListing(seller, { title: 'Surf sand spike', tags: ['surf'] });
    const untagged = await createListing(seller, { title: 'Plain tackle box' });

    const matched = async (listingId: string) =>
      (
        await t.database.db
          .select({ alert_id: alertNotifications.alert_id })
          .from(alertNotifications)
          .where(and(eq(alertNotifications.user_id, owner.id), eq(alertNotifications.product_id, listingId)))
      ).map((row) => row.alert_id);
    expect(await matched(both.id)).toEqual([alert.id]);
    expect(await matched(surfOnly.id)).toEqual([]);
    expect(await matched(untagged.id)).toEqual([]);

    const unknown = await post(t.app, '/api/alerts', { name: 'Bad', filters: { tags: ['kraken'] } }, owner);
    expect(unknown.statusCode).toBe(400);
  });
});

describe('API docs', () => {
  it('list the tag routes with their summaries, and the tags of listings, topics, filters and saved searches', async () => {
    type Operation = {
      tags?: string[];
      summary?: string;
      parameters?: { name: string; in: string }[];
      requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
      responses: Record<
        string,
        { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }
      >;
    };
    const doc = (await get(t.app, '/api/docs/json')).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const tagRoutes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/tags'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(tagRoutes).toEqual(['GET /api/tags', 'GET /api/tags/{slug}']);
    for (const operation of [doc.paths['/api/tags']!.get!, doc.paths['/api/tags/{slug}']!.get!]) {
      expect(operation.tags).toEqual(['tags']);
      expect(operation.summary).toBeTruthy();
    }
    const params = (path: string) => doc.paths[path]!.get!.parameters!.map((parameter) => parameter.name);
    expect(params('/api/listings')).toContain('tags');
    expect(params('/api/forum/posts')).toContain('tag');
    const bodyFields = (path: string, method: string) =>
      Object.keys(
        doc.paths[path]![method]!.requestBody!.content['application/json']!.schema.properties ?? {},
      );
    expect(bodyFields('/api/listings', 'post')).toContain('tags');
    expect(bodyFields('/api/listings/{id}', 'put')).toContain('tags');
    expect(bodyFields('/api/forum/posts', 'post')).toContain('tags');
    expect(bodyFields('/api/forum/posts/{id}', 'patch')).toContain('tags');
    const filters = doc.paths['/api/alerts']!.post!.requestBody!.content['application/json']!.schema
      .properties!.filters as { properties?: Record<string, unknown> };
    expect(Object.keys(filters.properties ?? {})).toContain('tags');
  });
});

import { pino } from 'pino';
import { createDomainEvents } from '../../platform/events/domain-events.js';
import { describe, expect, it, vi } from 'vitest';
import { HomeListingsDto, type ListingDto } from '@castline/shared';
import { useTestApp } from '../../../test/test-app.js';
import { buildListing, buildUser, get, guest } from '../../../test/factories.js';
import { createListingsRepository } from './listings.repository.js';
import { createListingsService } from './listings.service.js';

// This file's database starts without listings: the home rows below are all of them.
const t = useTestApp();

async function home() {
  const response = await get(t.app, '/api/listings/home', guest());
  expect(response.statusCode).toBe(200);
  return HomeListingsDto.parse(response.json());
}

const titles = (items: ListingDto[]) => items.map((item) => item.title);

describe('GET /api/listings/home', () => {
  it('answers three empty rows on an empty marketplace', async () => {
    expect(await home()).toEqual({ featured: [], newest: [], recentlySold: [] });
  });

  it('4 random featured, the 4 newest and the 4 most recently sold listings', async () => {
    const sellerId = (await buildUser(t.database.db)).id;
    const start = Date.now() - 100_000;
    const at = (seconds: number) => new Date(start + seconds * 1000);
    for (let i = 0; i < 6; i += 1) {
      await buildListing(t.database.db, sellerId, {
        title: `featured ${i}`,
        is_featured: true,
        created_at: at(i),
      });
    }
    await buildListing(t.database.db, sellerId, {
      title: 'featured but hidden',
      is_featured: true,
      moderation_status: 'flagged',
      created_at: at(50),
    });
    for (let i = 0; i < 5; i += 1) {
      await buildListing(t.database.db, sellerId, { title: `plain ${i}`, created_at: at(10 + i) });
    }
    for (let i = 0; i < 5; i += 1) {
      await buildListing(t.database.db, sellerId, {
        title: `sold ${i}`,
        is_featured: true,
        sold: true,
        sold_at: at(20 + i),
        visible_in_marketplace: false,
        created_at: at(60 + i),
      });
    }

    const rows = await home();
    expect(rows.featured).toHaveLength(4);
    for (const item of rows.featured) {
      expect(item.title).toMatch(/^featured \d$/);
      expect(item.is_featured).toBe(true);
    }
    expect(new Set(titles(rows.featured)).size).toBe(4);
    expect(titles(rows.newest)).toEqual(['plain 4', 'plain 3', 'plain 2', 'plain 1']);
    expect(titles(rows.recentlySold)).toEqual(['sold 4', 'sold 3', 'sold 2', 'sold 1']);

    // Featured rows are drawn at random: over a few draws more than four listings show up.
    const seen = new Set(titles(rows.featured));
    for (let draw = 0; draw < 10; draw += 1)
      for (const title of titles((await home()).featured)) seen.add(title);
    expect(seen.size).toBeGreaterThan(4);
    expect([...seen].every((title) => /^featured \d$/.test(title))).toBe(true);
  });

  it('recently sold answers an empty row when its query fails (spec 000 §8)', async () => {
    const repository = createListingsRepository(t.database.db);
    vi.spyOn(repository, 'recentlySold').mockRejectedValueOnce(new Error('the sold index is being rebuilt'));
    const logger = pino({ level: 'silent' });
    const service = createListingsService({ repository, logger, events: createDomainEvents(logger) });
    const rows = await service.home(null);
    expect(rows.recentlySold).toEqual([]);
    expect(rows.newest).toHaveLength(4);
  });
});

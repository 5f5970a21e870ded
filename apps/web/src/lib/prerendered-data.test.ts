import { afterEach, describe, expect, it } from 'vitest';
import { PRERENDERED_DATA_ID } from '@castline/shared';
import { createQueryClient } from './query-client';
import { seedPrerenderedData } from './prerendered-data';

function writeDataElement(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PRERENDERED_DATA_ID;
  element.textContent = text;
  document.body.append(element);
}

afterEach(() => {
  document.getElementById(PRERENDERED_DATA_ID)?.remove();
});

describe('the data a server-rendered page was rendered from', () => {
  it('seeds the query cache, fresh from when the server read it, and removes the element', () => {
    const readAt = Date.now() - 1000;
    writeDataElement(
      JSON.stringify([
        { queryKey: ['auth', 'session'], data: { user: null, session: null }, updatedAt: readAt },
        {
          queryKey: ['listings', 'list', { sort: 'newest', pageSize: 20 }],
          data: { items: [{ id: 'a', title: '</script> rod' }], total: 1 },
          updatedAt: readAt,
        },
      ]),
    );
    const queryClient = createQueryClient();

    expect(seedPrerenderedData(queryClient)).toBe(2);

    expect(queryClient.getQueryData(['auth', 'session'])).toEqual({ user: null, session: null });
    expect(queryClient.getQueryData(['listings', 'list', { sort: 'newest', pageSize: 20 }])).toEqual({
      items: [{ id: 'a', title: '</script> rod' }],
      total: 1,
    });
    expect(queryClient.getQueryState(['auth', 'session'])?.dataUpdatedAt).toBe(readAt);
    expect(queryClient.getQueryState(['auth', 'session'])?.isInvalidated).toBe(false);
    expect(document.getElementById(PRERENDERED_DATA_ID)).toBeNull();
  });

  it('never dates data after the browser’s own clock', () => {
    writeDataElement(
      JSON.stringify([{ queryKey: ['site-notice'], data: { notice: null }, updatedAt: 8e15 }]),
    );
    const queryClient = createQueryClient();
    seedPrerenderedData(queryClient);
    expect(queryClient.getQueryState(['site-notice'])?.dataUpdatedAt).toBeLessThanOrEqual(Date.now());
  });

  it('skips entries that are not queries and seeds nothing from unreadable text or a page without data', () => {
    const queryClient = createQueryClient();
    expect(seedPrerenderedData(queryClient)).toBe(0);

    writeDataElement('{not json');
    expect(seedPrerenderedData(queryClient)).toBe(0);
    document.getElementById(PRERENDERED_DATA_ID)?.remove();

    writeDataElement(
      JSON.stringify([
        { queryKey: 'listings', data: 1, updatedAt: 1 },
        { queryKey: ['no-time'], data: 1 },
        { queryKey: ['no-data'], updatedAt: 1 },
        null,
        { queryKey: ['forum', 'categories'], data: [], updatedAt: 1 },
      ]),
    );
    expect(seedPrerenderedData(queryClient)).toBe(1);
    expect(queryClient.getQueryData(['forum', 'categories'])).toEqual([]);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { createPageCache, type RenderedHtml } from './page-cache.js';

/** A render the test finishes by hand, counting how often it was started. */
function deferredRender() {
  let finish: (html: string | null) => void = () => {};
  let started = 0;
  const render = () => {
    started += 1;
    return new Promise<RenderedHtml | null>((resolve) => {
      finish = (html) => resolve(html === null ? null : page(html));
    });
  };
  return { render, finish: (html: string | null) => finish(html), started: () => started };
}

/** A complete page, as the render gives it. */
const page = (html: string): RenderedHtml => ({ html, cacheable: true });

describe('the page cache', () => {
  it('keeps a page for its TTL, then renders it again', async () => {
    let now = 1_000;
    const cache = createPageCache({ ttlMs: 5_000, now: () => now });
    let renders = 0;
    const render = async () => page(`<p>render ${++renders}</p>`);

    expect((await cache.get('/forum', render))?.html).toBe('<p>render 1</p>');
    now += 4_999;
    expect((await cache.get('/forum', render))?.html).toBe('<p>render 1</p>');
    now += 1;
    expect((await cache.get('/forum', render))?.html).toBe('<p>render 2</p>');
    expect(cache.size).toBe(1);
  });

  it('renders once for every guest who asks while the page is being rendered', async () => {
    const cache = createPageCache({ ttlMs: 5_000 });
    const deferred = deferredRender();
    const visits = [
      cache.get('/', deferred.render),
      cache.get('/', deferred.render),
      cache.get('/', deferred.render),
    ];
    deferred.finish('<p>home</p>');
    const pages = await Promise.all(visits);
    expect(deferred.started()).toBe(1);
    expect(pages.map((page) => page?.html)).toEqual(['<p>home</p>', '<p>home</p>', '<p>home</p>']);
  });

  it('does not keep a page whose render began before a write', async () => {
    const cache = createPageCache({ ttlMs: 5_000 });
    const before = deferredRender();
    const visit = cache.get('/marketplace', before.render);
    cache.clear();
    before.finish('<p>before the write</p>');
    // The guest who asked still gets the page; the next one gets a new render.
    expect((await visit)?.html).toBe('<p>before the write</p>');
    expect(cache.size).toBe(0);
    expect((await cache.get('/marketplace', async () => page('<p>after the write</p>')))?.html).toBe(
      '<p>after the write</p>',
    );
  });

  it('stores nothing for a page that could not be rendered, and shares a failed render with its waiters', async () => {
    const cache = createPageCache({ ttlMs: 5_000 });
    expect(await cache.get('/forum', async () => null)).toBeNull();
    expect(cache.size).toBe(0);

    let failures = 0;
    const failing = async () => {
      failures += 1;
      throw new Error('render failed');
    };
    const visits = [cache.get('/forum', failing), cache.get('/forum', failing)];
    for (const visit of visits) await expect(visit).rejects.toThrow('render failed');
    expect(failures).toBe(1);
    expect((await cache.get('/forum', async () => page('<p>forum</p>')))?.html).toBe('<p>forum</p>');
  });

  it('lets the oldest pages go to stay within its size', async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxChars: 25 });
    const padded = (text: string) => async () => page(text.padEnd(10, '.'));
    await cache.get('/a', padded('a'));
    await cache.get('/b', padded('b'));
    await cache.get('/c', padded('c'));
    expect(cache.size).toBe(2);
    let rendered = false;
    await cache.get('/a', async () => {
      rendered = true;
      return page('a again');
    });
    expect(rendered).toBe(true);
    // A page larger than the whole cache is sent, never stored.
    expect((await cache.get('/big', async () => page('x'.repeat(26))))?.html).toHaveLength(26);
    expect(cache.size).toBeLessThanOrEqual(2);
  });

  it('sends but does not keep a page that went out without part of its data', async () => {
    const cache = createPageCache({ ttlMs: 5_000 });
    const partial = await cache.get('/marketplace', async () => ({
      html: '<p>no listings</p>',
      cacheable: false,
    }));
    expect(partial?.html).toBe('<p>no listings</p>');
    expect(cache.size).toBe(0);
    expect((await cache.get('/marketplace', async () => page('<p>listings</p>')))?.html).toBe(
      '<p>listings</p>',
    );
  });

  it('renders every visit when switched off', async () => {
    const cache = createPageCache({ ttlMs: 0 });
    let renders = 0;
    await cache.get('/', async () => page(`${++renders}`));
    await cache.get('/', async () => page(`${++renders}`));
    expect(renders).toBe(2);
    expect(cache.enabled).toBe(false);
    expect(cache.size).toBe(0);
  });
});

/*
 * A short cache of guests' rendered pages (docs/decisions/0012-server-rendered-first-paint.md).
 *
 * A guest's public page costs two renders and its API calls (tens of milliseconds of CPU); the
 * same page for the next guest within `ttlMs` is sent from here, compressed once per encoding.
 * Only guests' pages are ever stored: a request with a session cookie is never rendered, let
 * alone cached; nor is a page that went out without part of its data (a query refused). Any write
 * through this instance (a successful POST, PUT, PATCH or DELETE, but for a route marked
 * `keepsPageCache`, whose writes change no page) empties the cache at once, and a render that
 * began before the write is not stored; a write through another instance shows here within
 * `ttlMs`. Each instance keeps its own: what it holds is a
 * copy of what the database says, never the only record of anything.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A successful write through this route changes no page a guest is shown (a view beacon):
     * it does not empty the cache.
     */
    keepsPageCache?: boolean;
  }
}

/** One stored page: its HTML and, made on first request, its compressed forms. */
export interface CachedPage {
  readonly html: string;
  readonly expiresAt: number;
  /** Compressed bodies by encoding ('br', 'gzip'), each made once. */
  readonly encoded: Map<string, Promise<Buffer>>;
}

/** What a render gives the cache: the page, and whether it may be kept for others. */
export interface RenderedHtml {
  html: string;
  cacheable: boolean;
}

export interface PageCache {
  /** False when switched off (a TTL of 0). */
  readonly enabled: boolean;
  /**
   * The page for `key`: from the cache while fresh, else made by `render` once for every caller
   * that asks meanwhile, and stored unless it is null, not cacheable, or a write happened while
   * it was made.
   */
  get(key: string, render: () => Promise<RenderedHtml | null>): Promise<CachedPage | null>;
  /** Forgets every page; renders under way are not stored. */
  clear(): void;
  /** Pages held now (for tests and metrics). */
  readonly size: number;
}

export interface PageCacheOptions {
  ttlMs: number;
  /** The most HTML (in UTF-16 code units, about bytes for these pages) kept at once. */
  maxChars?: number;
  now?: () => number;
}

/** 8 million characters of HTML: a few hundred pages, a few tens of MB with their compressed forms. */
const DEFAULT_MAX_CHARS = 8_000_000;

export function createPageCache({
  ttlMs,
  maxChars = DEFAULT_MAX_CHARS,
  now = Date.now,
}: PageCacheOptions): PageCache {
  const pages = new Map<string, CachedPage>();
  const inFlight = new Map<string, Promise<CachedPage | null>>();
  let chars = 0;
  let generation = 0;

  function forget(key: string) {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    chars -= page.html.length;
  }

  function store(key: string, page: CachedPage) {
    forget(key);
    if (page.html.length > maxChars) return;
    // Oldest first out (a Map iterates in insertion order).
    for (const oldest of pages.keys()) {
      if (chars + page.html.length <= maxChars) break;
      forget(oldest);
    }
    pages.set(key, page);
    chars += page.html.length;
  }

  return {
    enabled: ttlMs > 0,
    get size() {
      return pages.size;
    },
    clear() {
      pages.clear();
      inFlight.clear();
      chars = 0;
      generation += 1;
    },
    async get(key, render) {
      if (ttlMs <= 0) {
        const rendered = await render();
        return rendered === null ? null : { html: rendered.html, expiresAt: 0, encoded: new Map() };
      }
      const cached = pages.get(key);
      if (cached && cached.expiresAt > now()) return cached;
      if (cached) forget(key);
      const pending = inFlight.get(key);
      if (pending) return pending;
      const startedIn = generation;
      const made: Promise<CachedPage | null> = render()
        .then((rendered) => {
          if (rendered === null) return null;
          const page: CachedPage = { html: rendered.html, expiresAt: now() + ttlMs, encoded: new Map() };
          if (rendered.cacheable && generation === startedIn) store(key, page);
          return page;
        })
        .finally(() => {
          if (inFlight.get(key) === made) inFlight.delete(key);
        });
      inFlight.set(key, made);
      return made;
    },
  };
}

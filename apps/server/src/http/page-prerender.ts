import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchPage, PRERENDERED_DATA_ID, type PageName, type PrerenderedQuery } from '@castline/shared';
import { hasSessionCookie } from './session.js';
import type { CachedPage, PageCache, RenderedHtml } from './page-cache.js';

/*
 * Public pages rendered on the server for guests (docs/decisions/0012-server-rendered-first-paint.md).
 *
 * The web build's server entry (apps/web/src/entry-server.tsx, built to `<web dist>-ssr/`) renders
 * the same routes and components as the browser. Its API requests are answered in-process by this
 * app's own routes (`app.inject`), with the guest's address, so validation, access rules and rate
 * limits are the ones a browser's request would meet. The page's markup goes into index.html's
 * root and the data it was rendered from into a JSON element (data, never run: the CSP allows no
 * inline script) that seeds the browser's query cache.
 */

/** The pages a visitor can open without signing in, and only those: member pages are never rendered here. */
const PUBLIC_PAGES: ReadonlySet<PageName> = new Set<PageName>([
  'home',
  'marketplace',
  'listing',
  'product',
  'forum',
  'forumPost',
  'earlyAccess',
]);

/** A render that takes longer than this is dropped: the plain shell goes out instead. */
export const PRERENDER_TIMEOUT_MS = 2000;
interface RenderedPage {
  html: string;
  queries: PrerenderedQuery[];
  /** False when a query of the page failed: the page is sent but not cached. */
  complete?: boolean;
}
type Transport = (path: string, init: RequestInit) => Promise<Response>;
interface ServerEntry {
  render(url: string, transport: Transport): Promise<RenderedPage>;
}

export interface PagePrerenderer {
  /** True when `request` is a guest's GET of a public page. */
  handles(request: FastifyRequest): boolean;
  /** Sends the rendered page; false when it could not be rendered (the caller sends the plain shell). */
  send(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/** The web build's server entry beside its browser build: `apps/web/dist` → `apps/web/dist-ssr`. */
export function serverEntryPath(webDist: string): string {
  return path.join(path.dirname(webDist), `${path.basename(webDist)}-ssr`, 'entry-server.js');
}

/**
 * JSON for inside a `<script type="application/json">` element: nothing in it can close the element
 * or open a comment, whatever the data holds (`<`, `>` and `&` as \u escapes, which JSON.parse reads back).
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Splits what React hoists to the front of its markup (the page's `<title>`, and preloads such as
 * those of high-priority photos) from the body. The title replaces index.html's own, the rest goes
 * first in `<head>`, so that the page's lead photos are requested before the scripts take the
 * connections.
 */
export function splitHead(html: string): { title: string | null; head: string; body: string } {
  const hoisted = /^(?:<title>[^<]*<\/title>|<link\s[^>]*>|<meta\s[^>]*>)*/.exec(html)?.[0] ?? '';
  const title = /<title>([^<]*)<\/title>/.exec(hoisted)?.[1] ?? null;
  return {
    title,
    head: hoisted.replace(/<title>[^<]*<\/title>/, ''),
    body: html.slice(hoisted.length),
  };
}

/**
 * index.html for a rendered page: its module script and module preloads are replaced by
 * `/start.js` (apps/web/public/start.js), which requests the same entry and chunks once the page
 * has been painted, so the page's content and lead photos do not share the connection with the
 * app's code. The template is returned as it is when it has no module script.
 */
export function startAfterPaint(template: string): string {
  const entry = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/.exec(template);
  if (!entry) return template;
  const preloads: string[] = [];
  const withoutPreloads = template.replace(
    /[ \t]*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\n?/g,
    (_tag, href: string) => {
      preloads.push(href);
      return '';
    },
  );
  const start = `<script src="/start.js" defer data-entry="${entry[1]}" data-preload="${preloads.join(' ')}"></script>`;
  return withoutPreloads.replace(entry[0], () => start);
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The page in the encoding the browser accepts best, made once per cached page and encoding. */
async function compressed(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
): Promise<Buffer | string> {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  if (!encoding) return page.html;
  let body = page.encoded.get(encoding);
  if (!body) {
    body =
      encoding === 'br'
        ? // Quality 5: a few milliseconds for a page, most of the size saved.
          brotli(page.html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipAsync(page.html, { level: 6 });
    page.encoded.set(encoding, body);
  }
  void reply.header('content-encoding', encoding);
  return body;
}

/**
 * Loads the server entry and index.html when the web app was built with them; null otherwise
 * (the server then sends the plain shell for every page, as before). Rendered pages go through
 * `cache` (page-cache.ts): a guest's page is rendered once per page and TTL, not once per visit.
 */
export async function loadPagePrerenderer(
  app: FastifyInstance,
  webDist: string,
  log: FastifyBaseLogger,
  cache: PageCache,
): Promise<PagePrerenderer | null> {
  const entryPath = serverEntryPath(webDist);
  if (!existsSync(entryPath)) return null;
  let entry: ServerEntry;
  let template: string;
  try {
    entry = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
    template = await readFile(path.join(webDist, 'index.html'), 'utf8');
  } catch (error) {
    log.warn({ err: error }, 'page prerender: the web build could not be loaded; pages go out unrendered');
    return null;
  }
  // index.html's root (holding the static shell), up to the end of the body (the source file has its script there).
  const root = /<div id="root">[\s\S]*<\/div>(\s*(?:<script\b[^>]*>\s*<\/script>\s*)*<\/body>)/;
  if (typeof entry.render !== 'function' || !root.test(template)) {
    log.warn('page prerender: the web build has no render function or no root element');
    return null;
  }

  const pageTemplate = startAfterPaint(template);

  // The page request a render belongs to: its API requests go out with this guest's address.
  const caller = new AsyncLocalStorage<FastifyRequest>();
  const transport: Transport = async (apiPath, init) => {
    const request = caller.getStore();
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: apiPath,
      headers: {
        accept: 'application/json',
        ...(request?.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
      },
      ...(request ? { remoteAddress: request.ip } : {}),
    });
    const status = response.statusCode;
    const body = status === 204 || status === 304 ? null : response.body;
    return new Response(body, {
      status,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
    });
  };

  async function renderWithin(request: FastifyRequest): Promise<RenderedPage | null> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), PRERENDER_TIMEOUT_MS);
    });
    try {
      return await Promise.race([caller.run(request, () => entry.render(request.url, transport)), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * index.html with the page rendered for `request` in its root, or null when it could not be
   * rendered. A page missing part of its data (a query refused, say by this guest's rate limit)
   * is not kept for the next guests.
   */
  async function renderPage(request: FastifyRequest): Promise<RenderedHtml | null> {
    const page = await renderWithin(request);
    if (!page) return null;
    const { title, head, body } = splitHead(page.html);
    let html = pageTemplate.replace(
      root,
      (_match, end: string) =>
        // inert until the app takes over the page (apps/web/src/main.tsx): no click on a button with no handler yet.
        `<div id="root" inert>${body}</div><script type="application/json" id="${PRERENDERED_DATA_ID}">${jsonForHtml(page.queries)}</script>${end}`,
    );
    if (title !== null) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`);
    if (head) html = html.replace(/<meta charset="UTF-8" \/>/i, (meta) => `${meta}${head}`);
    return { html, cacheable: page.complete !== false };
  }

  return {
    handles(request) {
      if (request.method !== 'GET') return false;
      const page = matchPage(request.url.split('?')[0] ?? '');
      if (!page || !PUBLIC_PAGES.has(page.name)) return false;
      return !hasSessionCookie(request.headers.cookie);
    },

    async send(request, reply) {
      let hit = true;
      let page: CachedPage | null;
      try {
        page = await cache.get(request.url, () => {
          hit = false;
          return renderPage(request);
        });
      } catch (error) {
        request.log.warn({ err: error }, 'page prerender failed; the plain shell goes out');
        return false;
      }
      if (!page) return false;
      const payload = await compressed(request, reply, page);
      void reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding, cookie')
        .header('x-cache-status', cache.enabled ? (hit ? 'HIT' : 'MISS') : 'BYPASS')
        .send(payload);
      return true;
    },
  };
}

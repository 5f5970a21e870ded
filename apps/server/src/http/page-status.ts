import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canViewListing, ListingIdParams, matchPage, PostIdParams, type PageMatch } from '@castline/shared';
import type { Database } from '../db/client.js';
import { listingResourceColumns } from '../db/listing-resource-columns.js';
import { posts, products } from '../db/schema/index.js';
import { hasSessionCookie } from './session.js';

/*
 * The HTTP status of a page the SPA fallback sends (app.ts): 404 when the web app has no page at
 * the path (it draws its not-found page there), and when the listing or post a page shows does
 * not exist for the caller; 200 otherwise. The body is the app either way.
 */

/** A page showing one listing or post: how its id is checked and where the API shows it. */
interface SubjectPage {
  param: string;
  validId(id: string): boolean;
  /** 'public' when anyone may see it, 'restricted' when only some members may, null when there is none. */
  visibility(db: Database, id: string): Promise<'public' | 'restricted' | null>;
  /** The API route that answers whether this caller may see it (its own access rules). */
  api(id: string): string;
}

const listingPage: SubjectPage = {
  param: 'id',
  validId: (id) => ListingIdParams.safeParse({ id }).success,
  async visibility(db, id) {
    const [row] = await db.select(listingResourceColumns).from(products).where(eq(products.id, id)).limit(1);
    if (!row || row.deleted) return null;
    return canViewListing(null, row) ? 'public' : 'restricted';
  },
  api: (id) => `/api/listings/${id}`,
};

const SUBJECT_PAGES: Partial<Record<PageMatch['name'], SubjectPage>> = {
  listing: listingPage,
  product: listingPage,
  forumPost: {
    param: 'postId',
    validId: (id) => PostIdParams.safeParse({ id }).success,
    async visibility(db, id) {
      const [row] = await db.select({ status: posts.status }).from(posts).where(eq(posts.id, id)).limit(1);
      if (!row) return null;
      return row.status === 'published' ? 'public' : 'restricted';
    },
    api: (id) => `/api/forum/posts/${id}`,
  },
};

export interface PageStatus {
  status: 200 | 404;
  /** A refreshed session cookie from asking the API on the caller's behalf, to pass on. */
  setCookie?: string | string[] | undefined;
}

/**
 * Decides a page's status with at most one cheap query (a listing's or post's visibility by
 * primary key). Only a listing or post that is not public, opened with a session cookie, is
 * asked of its API route with the caller's cookie: the API's own access rules say whether this
 * member (its seller or author, or staff) may see it.
 */
export function createPageStatus(app: FastifyInstance, db: Database) {
  return async function pageStatus(request: FastifyRequest): Promise<PageStatus> {
    const pathname = request.url.split('?')[0] ?? '';
    const page = matchPage(pathname);
    if (!page) return { status: 404 };
    const subject = SUBJECT_PAGES[page.name];
    if (!subject) return { status: 200 };
    const id = page.params[subject.param] ?? '';
    if (!subject.validId(id)) return { status: 404 };
    const visibility = await subject.visibility(db, id);
    if (visibility === 'public') return { status: 200 };
    if (visibility === null || !hasSessionCookie(request.headers.cookie)) return { status: 404 };
    const answer = await app.inject({
      method: 'GET',
      url: subject.api(id),
      headers: { accept: 'application/json', cookie: request.headers.cookie ?? '' },
      remoteAddress: request.ip,
    });
    // A refusal that says nothing about the post or listing (rate limit, server error) is no 404.
    const unsure = answer.statusCode === 429 || answer.statusCode >= 500;
    return {
      status: answer.statusCode === 200 || unsure ? 200 : 404,
      setCookie: answer.headers['set-cookie'],
    };
  };
}

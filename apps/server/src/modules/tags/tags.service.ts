import {
  EMPTY_CRITERIA,
  TAG_MESSAGES,
  TAG_PAGE_SIZE,
  tagBySlug,
  TAGS,
  type TagListDto,
  type TagPageDto,
  type TagSlug,
} from '@castline/shared';
import type { Actor } from '../../http/access-policy.js';
import { NotFoundError } from '../../http/errors.js';
import type { ForumTopicsReader } from '../forum/index.js';
import type { ListingsReader } from '../listings/index.js';
import { presentTagPage, presentTagSummary } from './tags.presenter.js';
import type { TagsRepository } from './tags.repository.js';

export interface TagsServiceDeps {
  repository: TagsRepository;
  topics: ForumTopicsReader;
  listings: ListingsReader;
}

/** Tags join the two halves of Castline: a tag's page shows the talk and the gear that carry it. */
export function createTagsService({ repository, topics, listings }: TagsServiceDeps) {
  return {
    /** Every tag, species then techniques, with its counts. */
    async list(): Promise<TagListDto> {
      const counts = await repository.allCounts();
      return { items: TAGS.map((tag) => presentTagSummary(tag, counts.get(tag.slug))) };
    },

    /**
     * The tag, its counts, and its newest public topics and listings for sale (TAG_PAGE_SIZE each;
     * the forum's and the marketplace's own lists, filtered by the tag, hold the rest).
     */
    async page(slug: string, actor: Actor | null): Promise<TagPageDto> {
      const tag = tagBySlug(slug);
      if (!tag) throw new NotFoundError(TAG_MESSAGES.tagNotFound);
      const [counts, talk, gear] = await Promise.all([
        repository.countsOf(tag.slug),
        topics.newestTagged(tag.slug, actor?.id ?? null, TAG_PAGE_SIZE),
        listings.page(
          { ...EMPTY_CRITERIA, tags: [tag.slug as TagSlug], sort: 'newest' },
          { page: 1, pageSize: TAG_PAGE_SIZE },
          actor,
        ),
      ]);
      return presentTagPage(tag, counts, talk.items, gear.items);
    },
  };
}

export type TagsService = ReturnType<typeof createTagsService>;

import type { TagPageDto } from '@castline/shared';
import { TAG_MESSAGES, tagBySlug } from '@castline/shared';
import { ArrowRight, Fish, MessageCircle, Tag } from 'lucide-react';
import { useId } from 'react';
import { Link, useParams } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadingSkeleton, Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format-number';
import { PostCard } from '../../forum';
import { ListingGrid } from '../../listings';
import { useTagPage } from '../api/tags.api';

const plural = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/**
 * /tags/:slug: one species or technique, with both halves of Castline side by side: the talk (the
 * newest topics with the tag) and the gear (the newest listings for sale with it), each linking to
 * its full list filtered by the tag.
 */
export function TagRoute() {
  const { slug = '' } = useParams();
  const known = tagBySlug(slug);
  if (!known) return <UnknownTag />;
  return <TagPage slug={known.slug} />;
}

function UnknownTag() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <title>Tag not found · Castline</title>
      <PageHeader title="Tag not found" backLink={{ to: '/tags', label: 'All tags' }} />
      <EmptyState
        icon={Tag}
        title="There is no such tag"
        description={TAG_MESSAGES.tagNotFound}
        action={
          <Link to="/tags" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            Browse all tags
          </Link>
        }
      />
    </div>
  );
}

function TagPage({ slug }: { slug: string }) {
  const tag = tagBySlug(slug)!;
  const page = useTagPage(slug);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <title>{`${tag.label} · Castline`}</title>
      <PageHeader
        title={
          <span className="inline-flex items-center gap-2">
            <Tag aria-hidden="true" size={24} className="text-brand" />
            {tag.label}
          </span>
        }
        backLink={{ to: '/tags', label: 'All tags' }}
        description={
          page.data
            ? `${tag.group === 'species' ? 'Species' : 'Technique'} · ${plural(page.data.topics_count, 'topic', 'topics')} and ${plural(page.data.listings_count, 'listing', 'listings')} for sale`
            : tag.group === 'species'
              ? 'Species'
              : 'Technique'
        }
      />
      {page.isPending ? (
        <LoadingSkeleton label={`Loading ${tag.label}`} className="grid gap-8 lg:grid-cols-2">
          <Skeleton className="h-64 w-full rounded-2xl" />
          <Skeleton className="h-64 w-full rounded-2xl" />
        </LoadingSkeleton>
      ) : page.isError ? (
        <Alert tone="error">{errorMessage(page.error)}</Alert>
      ) : (
        <TagSections tag={page.data} />
      )}
    </div>
  );
}

function TagSections({ tag }: { tag: TagPageDto }) {
  const talkId = useId();
  const gearId = useId();
  const forumLink = `/forum?tag=${encodeURIComponent(tag.slug)}`;
  const marketLink = `/marketplace?tags=${encodeURIComponent(tag.slug)}`;
  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
      <section aria-labelledby={talkId} className="flex min-w-0 flex-col gap-4">
        <SectionHeading
          id={talkId}
          title="The talk"
          count={tag.topics_count}
          seeAll={forumLink}
          seeAllLabel={`All ${tag.label} topics`}
        />
        {tag.topics.length === 0 ? (
          <EmptyState
            icon={MessageCircle}
            headingLevel={3}
            title="No topics yet"
            description={`${TAG_MESSAGES.noTopics} Start one in the Community and tag it ${tag.label}.`}
            action={
              <Link to="/forum" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                Go to the Community
              </Link>
            }
          />
        ) : (
          <ul className="flex flex-col gap-3">
            {tag.topics.map((topic) => (
              <li key={topic.id}>
                <PostCard post={topic} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby={gearId} className="flex min-w-0 flex-col gap-4">
        <SectionHeading
          id={gearId}
          title="The gear"
          count={tag.listings_count}
          seeAll={marketLink}
          seeAllLabel={`All ${tag.label} gear`}
        />
        {tag.listings.length === 0 ? (
          <EmptyState
            icon={Fish}
            headingLevel={3}
            title="No gear for sale yet"
            description={`${TAG_MESSAGES.noListings} Selling something for it? List it and tag it ${tag.label}.`}
            action={
              <Link to="/marketplace/new" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                List your gear
              </Link>
            }
          />
        ) : (
          <ListingGrid
            listings={tag.listings}
            label={`${tag.label} gear for sale`}
            columns="grid-cols-2 sm:grid-cols-3 lg:grid-cols-2 xl:grid-cols-3"
          />
        )}
      </section>
    </div>
  );
}

function SectionHeading({
  id,
  title,
  count,
  seeAll,
  seeAllLabel,
}: {
  id: string;
  title: string;
  count: number;
  seeAll: string;
  seeAllLabel: string;
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h2 id={id} className="text-xl font-semibold tracking-tight">
        {title}{' '}
        <span className="text-base font-normal text-ink-muted tabular-nums">({formatCount(count)})</span>
      </h2>
      {count > 0 && (
        <Link
          to={seeAll}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand hover:underline"
        >
          {seeAllLabel}
          <ArrowRight aria-hidden="true" size={16} />
        </Link>
      )}
    </div>
  );
}

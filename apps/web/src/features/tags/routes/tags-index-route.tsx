import type { TagSummaryDto } from '@castline/shared';
import { TAG_GROUP_LABELS, TAG_GROUPS, TAGS } from '@castline/shared';
import { useId } from 'react';
import { Link } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { PageHeader } from '../../../components/ui/page-header';
import { tagPath } from '../../../components/ui/tag-chips';
import { errorMessage } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format-number';
import { useTags } from '../api/tags.api';

/** /tags: every species and technique, with how much talk and gear each has. */
export function TagsIndexRoute() {
  const tags = useTags();
  // The list is known before the counts arrive: it is drawn at once, the counts fill in.
  const items: (TagSummaryDto | (typeof TAGS)[number])[] = tags.data?.items ?? [...TAGS];
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <title>Tags · Castline</title>
      <PageHeader
        title="Tags"
        description="Species and techniques join the Community and the Marketplace: open one to see both the talk and the gear for it."
      />
      {tags.isError && <Alert tone="error">{errorMessage(tags.error)}</Alert>}
      <div className="flex flex-col gap-8">
        {TAG_GROUPS.map((group) => (
          <TagGroup
            key={group}
            title={TAG_GROUP_LABELS[group]}
            items={items.filter((tag) => tag.group === group)}
          />
        ))}
      </div>
    </div>
  );
}

function TagGroup({ title, items }: { title: string; items: (TagSummaryDto | (typeof TAGS)[number])[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {items.map((tag) => (
          <li key={tag.slug}>
            <Link
              to={tagPath(tag.slug)}
              className="flex h-full flex-col gap-1 rounded-2xl border border-line bg-surface p-4 transition-colors hover:border-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span className="font-semibold text-ink">{tag.label}</span>
              {'topics_count' in tag ? (
                <span className="text-sm text-ink-muted">
                  {`${formatCount(tag.topics_count)} ${tag.topics_count === 1 ? 'topic' : 'topics'} · ${formatCount(tag.listings_count)} for sale`}
                </span>
              ) : (
                <span className="text-sm text-ink-muted" aria-hidden="true">
                  &nbsp;
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

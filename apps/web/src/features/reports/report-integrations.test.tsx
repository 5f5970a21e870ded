import { MODERATION_MESSAGES, REVIEW_MESSAGES } from '@castline/shared';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { guestSession, member, memberSession } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { sessionQueryOptions } from '../../lib/session';
import { buildAuthor, buildComment, buildPost, memberAuthor } from '../forum/testing/forum-fixtures';
import { ForumPostRoute } from '../forum/routes/forum-post-route';
import { ListingActionBar } from '../listings/components/detail/listing-action-bar';
import { buildListingDto } from '../listings/lib/testing/listing-fixture';
import { buildMessage, ME, mySession, SELLER } from '../messaging/api/messaging.fixtures';
import type { ThreadItem } from '../messaging/components/message-list';
import { MessageList } from '../messaging/components/message-list';
import { buildOtherProfile, buildProfile } from '../profiles/api/profile-fixtures';
import { ProfileHeader } from '../profiles/components/profile-header';
import { buildReview, SELLER as REVIEWING_SELLER } from '../reviews/api/review-fixtures';
import { ReviewCard } from '../reviews/components/review-card';

/*
 * Each place that offers "Report": the button is there for someone else's content (not for your
 * own, not for guests) and sends the right entity type and id.
 */

const reported = { status: 201, body: { message: MODERATION_MESSAGES.reported } };

type View = ReturnType<typeof renderRoute>;

/** The page knows who is looking (a button shown only to members would be there by now). */
async function sessionSettled(view: View) {
  await act(() => view.queryClient.ensureQueryData(sessionQueryOptions));
}

/** Opens the dialog from `button`, picks Spam, sends, and waits for the thank-you toast. */
async function report(view: View, button: HTMLElement) {
  await view.user.click(button);
  const dialog = await screen.findByRole('dialog', { name: /^Report this/ });
  await view.user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
  await view.user.click(within(dialog).getByRole('button', { name: 'Send report' }));
  expect(await screen.findByText(MODERATION_MESSAGES.reported)).toBeInTheDocument();
  return view.server.calls('POST', '/api/reports').map((request) => request.body);
}

describe('reporting a listing (listing detail actions)', () => {
  const listing = buildListingDto({ seller_id: 'u_2', seller: { ...buildListingDto().seller, id: 'u_2' } });

  it('reports someone else’s listing as a product', async () => {
    const view = renderRoute(<ListingActionBar listing={listing} user={member} />, {
      server: { 'POST /api/reports': reported },
    });
    const bodies = await report(view, await screen.findByRole('button', { name: 'Report listing' }));
    expect(bodies).toEqual([{ entity_type: 'product', entity_id: listing.id, reason: 'spam' }]);
  });

  it('offers no report on the member’s own listing', async () => {
    const own = buildListingDto({ seller_id: member.id });
    const view = renderRoute(<ListingActionBar listing={own} user={member} />);
    await sessionSettled(view);
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report listing' })).not.toBeInTheDocument();
  });

  it('offers no report to guests', async () => {
    const view = renderRoute(<ListingActionBar listing={listing} user={null} />, { session: guestSession });
    await sessionSettled(view);
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report listing' })).not.toBeInTheDocument();
  });
});

describe('reporting forum posts and comments', () => {
  const theirComment = buildComment({
    id: 'c_their',
    author: buildAuthor({ id: 'u_3', username: 'trout_tess' }),
  });
  const myComment = buildComment({ id: 'c_mine', author: memberAuthor, can_delete: true });

  function renderPost(
    post = buildPost({ id: 'p_1', comments: [theirComment, myComment] }),
    session = memberSession,
  ) {
    return renderRoute(<ForumPostRoute />, {
      path: '/forum/post/:postId',
      initialEntry: `/forum/post/${post.id}`,
      session,
      server: { [`GET /api/forum/posts/${post.id}`]: { body: post }, 'POST /api/reports': reported },
    });
  }

  it('reports someone else’s post as a forum_post', async () => {
    const view = renderPost();
    const bodies = await report(view, await screen.findByRole('button', { name: 'Report post' }));
    expect(bodies).toEqual([{ entity_type: 'forum_post', entity_id: 'p_1', reason: 'spam' }]);
  });

  it('offers "Report comment" only on other members’ comments and sends a forum_comment', async () => {
    const view = renderPost();
    const comments = await screen.findByRole('list', { name: 'Comments' });
    const [their, mine] = within(comments).getAllByRole('listitem');
    expect(within(mine!).queryByRole('button', { name: 'Report comment' })).not.toBeInTheDocument();
    const bodies = await report(view, within(their!).getByRole('button', { name: 'Report comment' }));
    expect(bodies).toEqual([{ entity_type: 'forum_comment', entity_id: 'c_their', reason: 'spam' }]);
  });

  it('offers no report on the member’s own post', async () => {
    renderPost(buildPost({ id: 'p_2', title: 'My own question', author: memberAuthor, comments: [] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My own question' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Like this post/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report post' })).not.toBeInTheDocument();
  });

  it('offers no report to guests', async () => {
    renderPost(undefined, guestSession);
    expect(await screen.findByRole('list', { name: 'Comments' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report post' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report comment' })).not.toBeInTheDocument();
  });
});

describe('reporting a message', () => {
  const received = buildMessage({ sender_id: SELLER, recipient_id: ME, content: 'Still for sale?' });
  const sent = buildMessage({ sender_id: ME, recipient_id: SELLER, content: 'Yes it is' });
  const items: ThreadItem[] = [received, sent].map((message) => ({
    kind: 'message',
    key: message.id,
    message,
  }));

  function renderThread() {
    return renderRoute(
      <MessageList
        items={items}
        viewerId={ME}
        otherName="reel_deal"
        hasOlder={false}
        loadingOlder={false}
        olderError={null}
        onLoadOlder={() => {}}
        onRetry={() => {}}
        typing={false}
      />,
      { session: mySession, server: { 'POST /api/reports': reported } },
    );
  }

  it('offers a report only on the other member’s messages and sends a message report', async () => {
    const view = renderThread();
    const buttons = await screen.findAllByRole('button', { name: 'Report message from reel_deal' });
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.closest('li')).toHaveTextContent('Still for sale?');

    // Reachable by keyboard even while it is only faint.
    buttons[0]!.focus();
    expect(buttons[0]).toHaveFocus();
    const bodies = await report(view, buttons[0]!);
    expect(bodies).toEqual([{ entity_type: 'message', entity_id: received.id, reason: 'spam' }]);
  });
});

describe('reporting a member (profile header)', () => {
  function renderHeader(own: boolean, session = mySession) {
    const profile = own ? buildProfile() : buildOtherProfile();
    return renderRoute(
      <ProfileHeader profile={profile} loaded={profile} own={own} userId={profile.id}>
        <p>Figures</p>
      </ProfileHeader>,
      {
        session: { ...session, user: session.user ? member : null },
        server: { 'POST /api/reports': reported },
      },
    );
  }

  it('reports another member as a user, next to Block', async () => {
    const view = renderHeader(false);
    const button = await screen.findByRole('button', { name: 'Report member' });
    expect(screen.getByRole('button', { name: 'Block' })).toBeInTheDocument();
    const bodies = await report(view, button);
    expect(bodies).toEqual([{ entity_type: 'user', entity_id: 'u_2', reason: 'spam' }]);
  });

  it('offers no report on the member’s own profile', async () => {
    const view = renderHeader(true);
    await sessionSettled(view);
    expect(screen.getByRole('link', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report member' })).not.toBeInTheDocument();
  });

  it('offers no report to guests', async () => {
    const view = renderHeader(false, guestSession);
    await sessionSettled(view);
    expect(screen.getByRole('button', { name: 'Block' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report member' })).not.toBeInTheDocument();
  });
});

describe('reporting a review (review card)', () => {
  const REVEALED = '2026-03-05T12:00:00.000Z';
  const theirs = buildReview({
    id: 'r_their',
    reviewer: REVIEWING_SELLER,
    reviewee_id: member.id,
    reviewer_role: 'seller',
    body: 'Never paid on time.',
    revealed_at: REVEALED,
    reply: 'I paid the same day.',
  });
  const name = 'Report Lake Caster’s review';

  it('reports someone else’s visible review as a review', async () => {
    const view = renderRoute(<ReviewCard review={theirs} />, { server: { 'POST /api/reports': reported } });
    const bodies = await report(view, await screen.findByRole('button', { name }));
    expect(bodies).toEqual([{ entity_type: 'review', entity_id: 'r_their', reason: 'spam' }]);
  });

  it('offers no report on the member’s own review, to guests, or on a review not yet shown', async () => {
    const own = buildReview({ revealed_at: REVEALED });
    const first = renderRoute(<ReviewCard review={own} />);
    await sessionSettled(first);
    expect(screen.getByText(own.body)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument();
    first.unmount();

    const guestView = renderRoute(<ReviewCard review={theirs} />, { session: guestSession });
    await sessionSettled(guestView);
    expect(screen.getByText('Never paid on time.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    guestView.unmount();

    const waiting = renderRoute(<ReviewCard review={{ ...theirs, revealed_at: null }} />);
    await sessionSettled(waiting);
    expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('shows a hidden review’s words to its writer only, marked hidden, and offers no report', async () => {
    const redacted = { ...theirs, hidden: true, body: '', reply: null, replied_at: null };
    const other = renderRoute(<ReviewCard review={redacted} canReply />);
    await sessionSettled(other);
    expect(screen.getByText(REVIEW_MESSAGES.hiddenByModeration)).toBeInTheDocument();
    expect(screen.queryByText('Never paid on time.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post reply' })).not.toBeInTheDocument();
    other.unmount();

    const mine = buildReview({ revealed_at: REVEALED, hidden: true, body: 'My honest words.' });
    const writer = renderRoute(<ReviewCard review={mine} />);
    await sessionSettled(writer);
    expect(await screen.findByText('My honest words.')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(REVIEW_MESSAGES.yoursHidden);
  });
});

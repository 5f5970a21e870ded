import { MODERATION_MESSAGES } from '@castline/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { guestSession } from '../../../test/fixtures';
import { heldAnswer, renderRoute } from '../../../test/render-route';
import { sessionQueryOptions } from '../../../lib/session';
import { ReportButton } from './report-button';
import { REASON_REQUIRED } from './report-dialog';

const LISTING_ID = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const reported = { status: 201, body: { message: MODERATION_MESSAGES.reported } };

type Options = NonNullable<Parameters<typeof renderRoute>[1]>;

function renderButton(ownerId = 'u_2', options: Options = {}) {
  return renderRoute(
    <div>
      <ReportButton entityType="product" entityId={LISTING_ID} ownerId={ownerId} />
      <p>Listing page</p>
    </div>,
    options,
  );
}

async function openDialog(user: ReturnType<typeof renderButton>['user']) {
  const trigger = await screen.findByRole('button', { name: 'Report listing' });
  await user.click(trigger);
  return { trigger, dialog: await screen.findByRole('dialog', { name: 'Report this listing' }) };
}

describe('report button', () => {
  it('is not shown to guests', async () => {
    const { queryClient } = renderButton('u_2', { session: guestSession });
    await act(() => queryClient.ensureQueryData(sessionQueryOptions));
    expect(screen.getByText('Listing page')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report listing' })).not.toBeInTheDocument();
  });

  it('is not shown on the member’s own content', async () => {
    const { queryClient } = renderButton('u_1');
    await act(() => queryClient.ensureQueryData(sessionQueryOptions));
    expect(screen.getByText('Listing page')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report listing' })).not.toBeInTheDocument();
  });

  it('lists the reasons with their labels and asks for one before sending', async () => {
    const { user, server } = renderButton('u_2', { server: { 'POST /api/reports': reported } });
    const { dialog } = await openDialog(user);

    const reasons = within(dialog).getByRole('group', { name: 'Reason' });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Spam', 'Scam or fraud', 'Offensive or abusive', 'Prohibited item', 'Something else']);

    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText(REASON_REQUIRED)).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Spam' })).toHaveFocus();
    expect(server.calls('POST', '/api/reports')).toHaveLength(0);
  });

  it('sends the reason and trimmed note, shows the server’s message and gives focus back', async () => {
    const { user, server } = renderButton('u_2', { server: { 'POST /api/reports': reported } });
    const { trigger, dialog } = await openDialog(user);

    await user.click(within(dialog).getByRole('radio', { name: 'Scam or fraud' }));
    const note = within(dialog).getByRole('textbox', { name: 'Note for the moderators (optional)' });
    await user.type(note, '  Asked me to pay outside the app  ');
    expect(within(dialog).getByText('31 / 500 characters')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText(MODERATION_MESSAGES.reported)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST', '/api/reports')[0]?.body).toEqual({
      entity_type: 'product',
      entity_id: LISTING_ID,
      reason: 'scam',
      note: 'Asked me to pay outside the app',
    });
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('leaves out an empty note', async () => {
    const { user, server } = renderButton('u_2', { server: { 'POST /api/reports': reported } });
    const { dialog } = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.type(within(dialog).getByRole('textbox'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    await waitFor(() => expect(server.calls('POST', '/api/reports')).toHaveLength(1));
    expect(server.calls('POST', '/api/reports')[0]?.body).toEqual({
      entity_type: 'product',
      entity_id: LISTING_ID,
      reason: 'spam',
    });
  });

  it('refuses a note over 500 characters without asking the server', async () => {
    const { user, server } = renderButton('u_2', { server: { 'POST /api/reports': reported } });
    const { dialog } = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    const note = within(dialog).getByRole('textbox');
    fireEvent.change(note, { target: { value: 'x'.repeat(501) } });

    expect(within(dialog).getByText('501 / 500 characters')).toBeInTheDocument();
    expect(within(dialog).getByText(MODERATION_MESSAGES.noteTooLong)).toBeInTheDocument();
    expect(note).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(note).toHaveFocus();
    expect(server.calls('POST', '/api/reports')).toHaveLength(0);
  });

  it('disables Send report while sending', async () => {
    const held = heldAnswer(reported);
    const { user } = renderButton('u_2', { server: { 'POST /api/reports': held.route } });
    const { dialog } = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Offensive or abusive' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    held.release();
    expect(await screen.findByText(MODERATION_MESSAGES.reported)).toBeInTheDocument();
  });

  it('says when the member already reported it and closes the dialog', async () => {
    const { user } = renderButton('u_2', {
      server: { 'POST /api/reports': apiError(409, 'CONFLICT', MODERATION_MESSAGES.alreadyReported) },
    });
    const { dialog } = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Prohibited item' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText(MODERATION_MESSAGES.alreadyReported)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the dialog open with the server’s error when sending fails, so it can be sent again', async () => {
    let attempts = 0;
    const { user, server } = renderButton('u_2', {
      server: {
        'POST /api/reports': () => {
          attempts += 1;
          return attempts === 1 ? apiError(503, 'SERVICE_UNAVAILABLE', 'Try again in a moment.') : reported;
        },
      },
    });
    const { dialog } = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Try again in a moment.');
    expect(screen.getAllByText('Try again in a moment.')).toHaveLength(2);
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(MODERATION_MESSAGES.reported)).toBeInTheDocument();
    expect(server.calls('POST', '/api/reports')).toHaveLength(2);
  });

  it('says the report failed when the server’s answer cannot be read', async () => {
    const { user } = renderButton('u_2', {
      server: { 'POST /api/reports': { status: 502, raw: 'Bad gateway' } },
    });
    const { dialog } = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MODERATION_MESSAGES.reportFailed);
  });

  it('closes with Cancel without sending anything', async () => {
    const { user, server } = renderButton();
    const { trigger, dialog } = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
    expect(server.calls('POST', '/api/reports')).toHaveLength(0);
  });
});

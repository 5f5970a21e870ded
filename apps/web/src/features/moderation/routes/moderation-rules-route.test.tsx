import { MODERATION_MESSAGES } from '@castline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fetch-mock';
import { renderRoute } from '../../../test/render-route';
import { buildRule, moderatorSession } from '../testing/moderation-fixtures';
import { ModerationRulesRoute } from './moderation-rules-route';

const RULES = '/api/admin/moderation/rules';

type Options = NonNullable<Parameters<typeof renderRoute>[1]>;

function renderRules(options: Options = {}) {
  return renderRoute(<ModerationRulesRoute />, {
    path: '/admin/moderation/rules',
    session: moderatorSession,
    ...options,
  });
}

describe('Moderation rules', () => {
  it('lists the rules', async () => {
    renderRules({
      server: {
        [`GET ${RULES}`]: {
          body: {
            items: [
              buildRule(),
              buildRule({
                name: 'Links',
                kind: 'pattern',
                pattern: 'https?://',
                is_active: false,
                action: 'hide',
                applies_to: ['forum_post'],
              }),
            ],
          },
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Moderation rules' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('heading', { name: 'Gift card scams' })).toBeInTheDocument();
    expect(within(first!).getByText('gift card')).toBeInTheDocument();
    expect(within(first!).getByText('Send to the moderation queue')).toBeInTheDocument();
    expect(within(first!).getByText('Listings')).toBeInTheDocument();
    expect(within(first!).getByRole('switch', { name: 'Gift card scams enabled' })).toBeChecked();
    expect(within(second!).getByText('https?://')).toBeInTheDocument();
    expect(within(second!).getByText('Hide the content')).toBeInTheDocument();
    expect(within(second!).getByRole('switch', { name: 'Links enabled' })).not.toBeChecked();
  });

  it('shows the empty and error states', async () => {
    let answer = apiError(500, 'INTERNAL', 'Rules could not load');
    const view = renderRules({ server: { [`GET ${RULES}`]: () => answer } });
    expect(await screen.findByText('Rules could not load')).toBeInTheDocument();
    answer = { body: { items: [] } } as typeof answer;
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No rules yet' })).toBeInTheDocument();
  });

  it('creates a rule, checking a pattern as a regular expression first', async () => {
    const created = buildRule({ name: 'Links', kind: 'pattern', pattern: 'https?://' });
    const view = renderRules({
      server: {
        [`GET ${RULES}`]: { body: { items: [] } },
        [`POST ${RULES}`]: { status: 201, body: { message: MODERATION_MESSAGES.ruleCreated, rule: created } },
      },
    });
    await view.user.click((await screen.findAllByRole('button', { name: 'New rule' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New moderation rule' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Create rule' }));
    expect(within(dialog).getByText(MODERATION_MESSAGES.ruleNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MODERATION_MESSAGES.rulePatternRequired)).toBeInTheDocument();

    await view.user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Links');
    await view.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Kind' }), 'pattern');
    const pattern = within(dialog).getByRole('textbox', { name: 'Regular expression' });
    await view.user.type(pattern, 'https?://(');
    await view.user.click(within(dialog).getByRole('button', { name: 'Create rule' }));
    expect(within(dialog).getByText(MODERATION_MESSAGES.ruleInvalidRegex)).toBeInTheDocument();
    expect(pattern).toHaveAttribute('aria-invalid', 'true');
    expect(view.server.calls('POST', RULES)).toHaveLength(0);

    await view.user.clear(pattern);
    await view.user.type(pattern, 'https?://');
    // Every target is offered and on by default, order reviews too.
    expect(within(dialog).getByRole('checkbox', { name: 'Reviews' })).toBeChecked();
    await view.user.click(within(dialog).getByRole('checkbox', { name: 'Messages' }));
    await view.user.selectOptions(within(dialog).getByRole('combobox', { name: 'On a match' }), 'hide');
    await view.user.click(within(dialog).getByRole('button', { name: 'Create rule' }));

    expect(await screen.findByText('Moderation rule created')).toBeInTheDocument();
    expect(view.server.calls('POST', RULES)[0]?.body).toEqual({
      name: 'Links',
      kind: 'pattern',
      pattern: 'https?://',
      action: 'hide',
      applies_to: ['product', 'forum_post', 'forum_comment', 'review'],
      is_active: true,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a failed create', async () => {
    const view = renderRules({
      server: {
        [`GET ${RULES}`]: { body: { items: [] } },
        [`POST ${RULES}`]: apiError(500, 'INTERNAL', MODERATION_MESSAGES.ruleCreateFailed),
      },
    });
    await view.user.click((await screen.findAllByRole('button', { name: 'New rule' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Spam');
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Word' }), 'viagra');
    await view.user.click(within(dialog).getByRole('button', { name: 'Create rule' }));
    expect(await screen.findAllByText('Failed to create moderation rule')).not.toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('edits a rule', async () => {
    const rule = buildRule({ id: 'r_1' });
    const view = renderRules({
      server: {
        [`GET ${RULES}`]: { body: { items: [rule] } },
        [`PATCH ${RULES}/r_1`]: { body: { message: MODERATION_MESSAGES.ruleUpdated, rule } },
      },
    });
    await view.user.click(await screen.findByRole('button', { name: 'Edit Gift card scams' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit moderation rule' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Gift card scams');
    await view.user.clear(name);
    await view.user.type(name, 'Gift cards');
    await view.user.click(within(dialog).getByRole('checkbox', { name: 'Enabled' }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Moderation rule updated')).toBeInTheDocument();
    expect(view.server.calls('PATCH', `${RULES}/r_1`)[0]?.body).toEqual({
      name: 'Gift cards',
      kind: 'phrase',
      pattern: 'gift card',
      action: 'queue',
      applies_to: ['product', 'message'],
      is_active: false,
    });
  });

  it('shows a server field error by its field', async () => {
    const rule = buildRule({ id: 'r_1' });
    const view = renderRules({
      server: {
        [`GET ${RULES}`]: { body: { items: [rule] } },
        [`PATCH ${RULES}/r_1`]: apiError(400, 'VALIDATION_FAILED', MODERATION_MESSAGES.ruleUnsafeRegex, [
          { path: 'pattern', message: MODERATION_MESSAGES.ruleUnsafeRegex },
        ]),
      },
    });
    await view.user.click(await screen.findByRole('button', { name: 'Edit Gift card scams' }));
    await view.user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(MODERATION_MESSAGES.ruleUnsafeRegex)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Phrase' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('enables and disables a rule inline', async () => {
    const rule = buildRule({ id: 'r_1' });
    let fail = false;
    const view = renderRules({
      server: {
        [`GET ${RULES}`]: { body: { items: [rule] } },
        [`PATCH ${RULES}/r_1`]: () =>
          fail
            ? apiError(500, 'INTERNAL', 'x')
            : { body: { message: MODERATION_MESSAGES.ruleUpdated, rule: { ...rule, is_active: false } } },
      },
    });
    await view.user.click(await screen.findByRole('switch', { name: 'Gift card scams enabled' }));
    expect(await screen.findByText('Moderation rule updated')).toBeInTheDocument();
    expect(view.server.calls('PATCH', `${RULES}/r_1`)[0]?.body).toEqual({ is_active: false });

    fail = true;
    await waitFor(() => expect(screen.getByRole('switch')).toBeEnabled());
    await view.user.click(screen.getByRole('switch'));
    expect(await screen.findByText('Failed to update moderation rule')).toBeInTheDocument();
  });

  it('deletes a rule after confirming', async () => {
    const rule = buildRule({ id: 'r_1' });
    let answer = apiError(500, 'INTERNAL', 'x');
    const view = renderRules({
      server: {
        [`GET ${RULES}`]: { body: { items: [rule] } },
        [`DELETE ${RULES}/r_1`]: () => answer,
      },
    });
    await view.user.click(await screen.findByRole('button', { name: 'Delete Gift card scams' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this rule?' });
    expect(view.server.calls('DELETE', `${RULES}/r_1`)).toHaveLength(0);
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete rule' }));
    expect(await screen.findByText('Failed to delete moderation rule')).toBeInTheDocument();

    answer = { body: { message: MODERATION_MESSAGES.ruleDeleted } } as typeof answer;
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete rule' }));
    expect(await screen.findByText('Moderation rule deleted')).toBeInTheDocument();
    expect(view.server.calls('DELETE', `${RULES}/r_1`)).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

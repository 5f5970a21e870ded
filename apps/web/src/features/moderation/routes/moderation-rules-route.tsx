import type { ModerationRuleDto } from '@castline/shared';
import { MODERATION_MESSAGES } from '@castline/shared';
import { ListFilter, Pencil, Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { lazy, Suspense } from 'react';
import { Badge } from '../../../components/ui/badge';
import type { ButtonSize, ButtonVariant } from '../../../components/ui/button';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { lazyNamed, useLazyDialog } from '../../../components/ui/lazy-layer';
import { PageHeader } from '../../../components/ui/page-header';
import { useToast } from '../../../components/ui/toaster';
import { useDeleteRule, useModerationRules, useUpdateRule } from '../api/moderation.api';
import { entityLabel } from '../components/moderation-labels';
import { ListSkeleton, LoadError, PersonLink, When } from '../components/moderation-ui';
import { KIND_LABELS, RULE_ACTION_LABELS } from '../components/rule-labels';

// A rule's form (with the dialog library) loads on the first 'New rule' or 'Edit', the delete
// confirmation on the first 'Delete'; either on hover/focus too.
const loadRuleDialog = () => import('../components/rule-dialog');
const RuleDialogHost = lazy(lazyNamed(loadRuleDialog, 'RuleDialogHost'));
const loadConfirm = () => import('../../../components/ui/confirm-dialog');
const ConfirmDialog = lazy(lazyNamed(loadConfirm, 'ConfirmDialog'));

/** A button that opens a rule's dialog: to create one (`rule` null) or to edit `rule`. */
function RuleDialogButton({
  rule,
  children,
  ...buttonProps
}: {
  rule: ModerationRuleDto | null;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  'aria-label'?: string;
}) {
  const dialog = useLazyDialog(loadRuleDialog);
  return (
    <>
      <Button {...buttonProps} {...dialog.triggerProps}>
        {children}
      </Button>
      <Suspense fallback={null}>
        {dialog.mounted && (
          <RuleDialogHost
            rule={rule}
            open={dialog.open}
            onOpenChange={dialog.setOpen}
            returnFocusTo={dialog.triggerRef}
          />
        )}
      </Suspense>
    </>
  );
}

function RuleRow({ rule }: { rule: ModerationRuleDto }) {
  const update = useUpdateRule();
  const remove = useDeleteRule();
  const toast = useToast();
  const confirm = useLazyDialog(loadConfirm);
  const headingId = `rule-${rule.id}`;

  const toggle = () =>
    update.mutate(
      { ruleId: rule.id, body: { is_active: !rule.is_active } },
      {
        onSuccess: (result) => toast.show(result.message || MODERATION_MESSAGES.ruleUpdated),
        onError: () => toast.show(MODERATION_MESSAGES.ruleUpdateFailed, { tone: 'error' }),
      },
    );

  const confirmDelete = () =>
    remove.mutate(rule.id, {
      onSuccess: (result) => {
        confirm.setOpen(false);
        toast.show(result.message || MODERATION_MESSAGES.ruleDeleted);
      },
      onError: () => toast.show(MODERATION_MESSAGES.ruleDeleteFailed, { tone: 'error' }),
    });

  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-5"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={headingId} className="text-base font-semibold break-words text-ink">
            {rule.name}
          </h2>
          <p className="text-sm text-ink-muted">
            {KIND_LABELS[rule.kind]}:{' '}
            <code className="rounded bg-surface-muted px-1.5 py-0.5 font-mono text-ink break-all">
              {rule.pattern}
            </code>
          </p>
        </div>
        <label className="inline-flex min-h-11 shrink-0 cursor-pointer items-center gap-2 text-sm font-medium text-ink">
          <input
            type="checkbox"
            role="switch"
            checked={rule.is_active}
            disabled={update.isPending}
            onChange={toggle}
            aria-label={`${rule.name} enabled`}
            className="size-5 accent-[var(--brand)]"
          />
          {rule.is_active ? 'Enabled' : 'Disabled'}
        </label>
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
        <dt className="text-ink-muted">Checks</dt>
        <dd className="flex flex-wrap gap-1.5">
          {rule.applies_to.map((target) => (
            <Badge key={target}>{`${entityLabel(target)}s`}</Badge>
          ))}
        </dd>
        <dt className="text-ink-muted">On a match</dt>
        <dd>{RULE_ACTION_LABELS[rule.action]}</dd>
        <dt className="text-ink-muted">Created</dt>
        <dd>
          <When iso={rule.created_at} />
          {rule.created_by && (
            <>
              {' by '}
              <PersonLink person={rule.created_by} />
            </>
          )}
        </dd>
      </dl>
      <div className="flex flex-wrap justify-end gap-2">
        <RuleDialogButton rule={rule} variant="secondary" size="sm" aria-label={`Edit ${rule.name}`}>
          <Pencil aria-hidden="true" size={16} />
          Edit
        </RuleDialogButton>
        <Button variant="danger" size="sm" aria-label={`Delete ${rule.name}`} {...confirm.triggerProps}>
          <Trash2 aria-hidden="true" size={16} />
          Delete
        </Button>
      </div>
      <Suspense fallback={null}>
        {confirm.mounted && (
          <ConfirmDialog
            open={confirm.open}
            onOpenChange={confirm.setOpen}
            title="Delete this rule?"
            description={`“${rule.name}” stops checking content at once. Its log entries stay.`}
            confirmLabel="Delete rule"
            pending={remove.isPending}
            onConfirm={confirmDelete}
            returnFocusTo={confirm.triggerRef}
          />
        )}
      </Suspense>
    </li>
  );
}

/** /admin/moderation/rules: the word, phrase and pattern rules that check new content. */
export function ModerationRulesRoute() {
  const rules = useModerationRules();
  const newRule = (
    <RuleDialogButton rule={null}>
      <Plus aria-hidden="true" size={18} />
      New rule
    </RuleDialogButton>
  );

  return (
    <>
      <title>Moderation Rules · Castline</title>
      <PageHeader
        title="Moderation Rules"
        description="Words, phrases and patterns that flag, hide or queue matching listings, posts, comments and messages as they are written."
        actions={newRule}
      />
      {rules.isPending ? (
        <ListSkeleton label="Loading moderation rules" />
      ) : rules.isError ? (
        <LoadError error={rules.error} onRetry={() => void rules.refetch()} />
      ) : rules.data.items.length === 0 ? (
        <EmptyState
          icon={ListFilter}
          title="No rules yet"
          description="Add a rule to catch spam words, scam phrases or links as members write them."
          action={newRule}
        />
      ) : (
        <ul aria-label="Moderation rules" className="flex flex-col gap-3">
          {rules.data.items.map((rule) => (
            <RuleRow key={rule.id} rule={rule} />
          ))}
        </ul>
      )}
    </>
  );
}

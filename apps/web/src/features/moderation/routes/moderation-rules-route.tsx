import type { ModerationRuleDto } from '@castline/shared';
import { MODERATION_MESSAGES } from '@castline/shared';
import { ListFilter, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useToast } from '../../../components/ui/toaster';
import { useDeleteRule, useModerationRules, useUpdateRule } from '../api/moderation.api';
import { entityLabel } from '../components/moderation-labels';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListSkeleton, LoadError, PersonLink, When } from '../components/moderation-ui';
import { KIND_LABELS, RULE_ACTION_LABELS, RuleDialogHost } from '../components/rule-dialog';

function RuleRow({ rule, onEdit }: { rule: ModerationRuleDto; onEdit: () => void }) {
  const update = useUpdateRule();
  const remove = useDeleteRule();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
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
        setConfirming(false);
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
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${rule.name}`}>
          <Pencil aria-hidden="true" size={16} />
          Edit
        </Button>
        <Button
          variant="danger"
          size="sm"
          onClick={() => setConfirming(true)}
          aria-label={`Delete ${rule.name}`}
        >
          <Trash2 aria-hidden="true" size={16} />
          Delete
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this rule?"
        description={`“${rule.name}” stops checking content at once. Its log entries stay.`}
        confirmLabel="Delete rule"
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </li>
  );
}

/** /admin/moderation/rules: the word, phrase and pattern rules that check new content. */
export function ModerationRulesRoute() {
  const rules = useModerationRules();
  const [editing, setEditing] = useState<{ rule: ModerationRuleDto | null } | null>(null);
  const newRule = (
    <Button onClick={() => setEditing({ rule: null })}>
      <Plus aria-hidden="true" size={18} />
      New rule
    </Button>
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
            <RuleRow key={rule.id} rule={rule} onEdit={() => setEditing({ rule })} />
          ))}
        </ul>
      )}
      <RuleDialogHost
        rule={editing?.rule ?? null}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />
    </>
  );
}

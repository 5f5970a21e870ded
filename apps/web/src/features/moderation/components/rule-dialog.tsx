import type {
  CreateModerationRuleBody,
  ModerationRuleDto,
  RuleAction,
  RuleKind,
  RuleTarget,
} from '@castline/shared';
import {
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  RULE_ACTIONS,
  RULE_KINDS,
  RULE_TARGETS,
  rulePatternProblem,
} from '@castline/shared';
import type { FormEvent, ReactNode, RefObject } from 'react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { CheckboxGroup, SelectField } from '../../../components/ui/form-fields';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toaster';
import { isApiError } from '../../../lib/api-client';
import type { FieldErrors } from '../../../lib/form-errors';
import { fieldErrorsFromIssues, fieldErrorsFromZod } from '../../../lib/form-errors';
import { checkWith } from '../../../lib/load-request-schemas';
import { useCreateRule, useUpdateRule } from '../api/moderation.api';
import { entityLabel } from './moderation-labels';
import { KIND_LABELS, RULE_ACTION_LABELS } from './rule-labels';

const KIND_HINTS: Record<RuleKind, string> = {
  word: 'One word; matches it as a whole word, in any case.',
  phrase: 'Words in this order, in any case.',
  pattern:
    "A regular expression, matched without regard to case. Castline's own ids (in links to its topics, comments and listings) are left out.",
};

const FIELDS = ['name', 'kind', 'pattern', 'action', 'applies_to', 'is_active'] as const;
type Field = (typeof FIELDS)[number];

interface Draft {
  name: string;
  kind: RuleKind;
  pattern: string;
  action: RuleAction;
  applies_to: RuleTarget[];
  is_active: boolean;
}

const EMPTY: Draft = {
  name: '',
  kind: 'word',
  pattern: '',
  action: 'queue',
  applies_to: [...RULE_TARGETS],
  is_active: true,
};

function draftOf(rule: ModerationRuleDto | null): Draft {
  if (!rule) return { ...EMPTY, applies_to: [...EMPTY.applies_to] };
  return {
    name: rule.name,
    kind: rule.kind,
    pattern: rule.pattern,
    action: rule.action,
    applies_to: [...rule.applies_to],
    is_active: rule.is_active,
  };
}

interface RuleDialogProps {
  /** The rule to edit; null creates one. */
  rule: ModerationRuleDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it ('New rule' or the rule's 'Edit'), which gets focus back on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** Create or edit a rule; the shared schema (with its pattern checks) runs before anything is sent. */
export function RuleDialog({ rule, open, onOpenChange, returnFocusTo }: RuleDialogProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(rule));
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateRule();
  const update = useUpdateRule();
  const pending = create.isPending || update.isPending;
  const toast = useToast();

  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({
      ...current,
      [field]: undefined,
      ...(field === 'kind' ? { pattern: undefined } : {}),
    }));
    setFailure(null);
  };

  const failed = (error: unknown, fallback: string) => {
    if (isApiError(error) && error.status === 400 && error.issues.length > 0) {
      const fieldErrors = fieldErrorsFromIssues(error.issues, FIELDS);
      if (Object.keys(fieldErrors).length > 0) {
        setErrors(fieldErrors);
        return;
      }
    }
    const message = isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : fallback;
    setFailure(message);
    toast.show(fallback, { tone: 'error' });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    checkWith('CreateModerationRuleBody', draft, {
      form: event.currentTarget,
      invalid: (error) => {
        const next = fieldErrorsFromZod<Field>(error);
        setErrors({ ...next, pattern: next.pattern ?? ruleProblem(draft) ?? undefined });
      },
      valid: send,
    });
  };

  const send = (body: CreateModerationRuleBody) => {
    const done = (message: string) => {
      onOpenChange(false);
      toast.show(message);
    };
    if (rule) {
      update.mutate(
        { ruleId: rule.id, body },
        {
          onSuccess: (result) => done(result.message || MODERATION_MESSAGES.ruleUpdated),
          onError: (error) => failed(error, MODERATION_MESSAGES.ruleUpdateFailed),
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: (result) => done(result.message || MODERATION_MESSAGES.ruleCreated),
        onError: (error) => failed(error, MODERATION_MESSAGES.ruleCreateFailed),
      });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
    >
      <DialogContent
        title={rule ? 'Edit moderation rule' : 'New moderation rule'}
        description="Rules check what members write in the chosen places and act on a match."
        className="max-w-lg"
        returnFocusTo={returnFocusTo}
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-5">
          <TextField
            label="Name"
            name="name"
            value={draft.name}
            maxLength={MODERATION_LIMITS.ruleNameMax}
            onChange={(event) => set('name', event.target.value)}
            error={errors.name}
            autoComplete="off"
            autoFocus
          />
          <SelectField
            label="Kind"
            name="kind"
            options={RULE_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }))}
            value={draft.kind}
            onChange={(event) => set('kind', event.target.value as RuleKind)}
            error={errors.kind}
          />
          <TextField
            label={
              draft.kind === 'pattern' ? 'Regular expression' : draft.kind === 'phrase' ? 'Phrase' : 'Word'
            }
            name="pattern"
            value={draft.pattern}
            onChange={(event) => set('pattern', event.target.value)}
            onBlur={() => {
              const problem = draft.pattern.trim() ? ruleProblem(draft) : null;
              if (problem) setErrors((current) => ({ ...current, pattern: problem }));
            }}
            hint={`${KIND_HINTS[draft.kind]} ${draft.pattern.trim().length} / ${MODERATION_LIMITS.rulePatternMax} characters.`}
            error={errors.pattern}
            autoComplete="off"
            spellCheck={false}
            className={draft.kind === 'pattern' ? '[&_input]:font-mono' : undefined}
          />
          <CheckboxGroup
            legend="Checks"
            name="applies_to"
            options={RULE_TARGETS.map((value) => ({ value, label: `${entityLabel(value)}s` }))}
            value={draft.applies_to}
            onChange={(value) => set('applies_to', value)}
            error={errors.applies_to}
          />
          <SelectField
            label="On a match"
            name="action"
            options={RULE_ACTIONS.map((value) => ({ value, label: RULE_ACTION_LABELS[value] }))}
            value={draft.action}
            onChange={(event) => set('action', event.target.value as RuleAction)}
            error={errors.action}
          />
          <label className="flex items-center gap-3 text-sm font-medium text-ink">
            <input
              type="checkbox"
              name="is_active"
              checked={draft.is_active}
              onChange={(event) => set('is_active', event.target.checked)}
              className="size-4 accent-[var(--brand)]"
            />
            Enabled
          </label>
          {failure && <Alert tone="error">{failure}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {rule ? 'Save changes' : 'Create rule'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The pattern's problem for its kind (a pattern must compile as a RegExp and be safe to run). */
function ruleProblem(draft: Draft): string | null {
  return rulePatternProblem(draft.kind, draft.pattern);
}

/**
 * A rule's dialog (loaded with the first 'New rule' or 'Edit'). Keeps the dialog's form fresh: it
 * mounts again each time it opens.
 */
export function RuleDialogHost({ rule, open, onOpenChange, returnFocusTo }: RuleDialogProps): ReactNode {
  if (!open) return null;
  return (
    <RuleDialog
      key={rule?.id ?? 'new'}
      rule={rule}
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
    />
  );
}

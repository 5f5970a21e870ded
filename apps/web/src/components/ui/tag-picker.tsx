import { TAG_GROUPS, TAG_GROUP_LABELS, TAG_MESSAGES, TAGS_PER_ITEM_MAX, tagsInGroup } from '@castline/shared';
import { useId } from 'react';
import { cn } from '../../lib/cn';
import { FieldError } from './form-fields';

interface TagPickerProps {
  /** The chosen slugs. */
  value: readonly string[];
  onChange: (tags: string[]) => void;
  error?: string | undefined;
  legend?: string;
  className?: string;
}

/**
 * Species and technique tags as two groups of toggles (checkboxes: Tab moves between them, Space
 * toggles, screen readers hear each group and whether a tag is chosen). At most TAGS_PER_ITEM_MAX:
 * once that many are chosen the others are switched off, and the count says so.
 */
export function TagPicker({ value, onChange, error, legend = 'Tags', className }: TagPickerProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const full = value.length >= TAGS_PER_ITEM_MAX;
  const toggle = (slug: string, checked: boolean) => {
    if (checked && full) return;
    const chosen = new Set(value);
    if (checked) chosen.add(slug);
    else chosen.delete(slug);
    // Kept in the reference order, as the API stores them.
    onChange(
      TAG_GROUPS.flatMap((group) => tagsInGroup(group).map((tag) => tag.slug)).filter((slug) =>
        chosen.has(slug),
      ),
    );
  };

  return (
    <fieldset
      aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
      className={cn('flex min-w-0 flex-col gap-3', className)}
    >
      <legend className="mb-1 text-sm font-medium text-ink">
        {legend} <span className="font-normal text-ink-muted">(optional)</span>
      </legend>
      <p id={hintId} className="text-sm text-ink-muted">
        {TAG_MESSAGES.pickerHint}{' '}
        <span aria-live="polite" className="font-medium text-ink">
          {`${value.length} of ${TAGS_PER_ITEM_MAX} chosen`}
        </span>
      </p>
      {TAG_GROUPS.map((group) => (
        <fieldset key={group} className="flex min-w-0 flex-col gap-1.5">
          <legend className="mb-1 text-xs font-semibold tracking-wide text-ink-muted uppercase">
            {TAG_GROUP_LABELS[group]}
          </legend>
          <div className="flex flex-wrap gap-1.5">
            {tagsInGroup(group).map((tag) => {
              const checked = value.includes(tag.slug);
              const disabled = !checked && full;
              return (
                <label
                  key={tag.slug}
                  className={cn(
                    'inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 text-sm transition-colors',
                    'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                    checked ? 'border-brand bg-brand-soft font-medium text-brand' : 'border-line bg-surface',
                    disabled ? 'cursor-not-allowed opacity-50' : 'cursor-pointer',
                  )}
                >
                  <input
                    type="checkbox"
                    name="tags"
                    value={tag.slug}
                    checked={checked}
                    disabled={disabled}
                    aria-invalid={Boolean(error)}
                    onChange={(event) => toggle(tag.slug, event.target.checked)}
                    className="size-4 accent-[var(--brand)]"
                  />
                  {tag.label}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}

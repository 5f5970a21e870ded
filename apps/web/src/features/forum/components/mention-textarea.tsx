import type { MemberSummaryDto } from '@castline/shared';
import type { ComponentProps, KeyboardEvent, Ref } from 'react';
import { lazy, Suspense, useId, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';

/** The member search, loaded when a mention is first typed (not part of the topic page's first load). */
const MentionSuggestions = lazy(() => import('./mention-suggestions'));

/** The `@name` being typed just before the caret: where it starts and what follows the `@`. */
export function mentionAtCaret(text: string, caret: number): { start: number; query: string } | null {
  const match = /(?:^|[^A-Za-z0-9_@.-])@([A-Za-z0-9_-]{1,20})$/.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[1]!;
  return { start: caret - query.length - 1, query };
}

type TextareaProps = Omit<ComponentProps<'textarea'>, 'value' | 'onChange' | 'ref'>;

interface MentionTextareaProps extends TextareaProps {
  value: string;
  onValueChange: (value: string) => void;
  textareaRef?: Ref<HTMLTextAreaElement>;
}

/**
 * A textarea where typing `@` and a few letters offers matching members (at most 10, from the
 * member search): Up and Down move through them, Enter or Tab picks one, Escape closes the list.
 * The choice is announced, and the list is linked to the field for screen readers.
 */
export function MentionTextarea({
  value,
  onValueChange,
  textareaRef,
  className,
  ...props
}: MentionTextareaProps) {
  const id = useId();
  const listId = `${id}-members`;
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);

  const mention = caret === null ? null : mentionAtCaret(value, caret);
  const open = mention !== null && dismissed !== `${mention.start}:${mention.query}`;
  const [found, setFound] = useState<MemberSummaryDto[]>([]);
  const members: MemberSummaryDto[] = open ? found : [];
  const shown = members.length > 0;
  const activeIndex = Math.min(active, Math.max(members.length - 1, 0));

  // Where the caret goes once the field holds a picked mention: right after it, placed as the new
  // value is drawn (not a frame later, when keys typed meanwhile would already be in the field).
  const placeCaret = useRef<{ field: HTMLTextAreaElement; value: string; at: number } | null>(null);
  useLayoutEffect(() => {
    const pending = placeCaret.current;
    if (!pending) return;
    placeCaret.current = null;
    if (pending.value !== value) return;
    pending.field.focus();
    pending.field.setSelectionRange(pending.at, pending.at);
  }, [value]);

  const pick = (member: MemberSummaryDto, field: HTMLTextAreaElement | null) => {
    if (!mention || caret === null) return;
    const inserted = `@${member.username} `;
    const next = value.slice(0, mention.start) + inserted + value.slice(caret);
    if (field) placeCaret.current = { field, value: next, at: mention.start + inserted.length };
    onValueChange(next);
    setCaret(null);
    setActive(0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (shown) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + members.length) % members.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        pick(members[activeIndex]!, event.currentTarget);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        if (mention) setDismissed(`${mention.start}:${mention.query}`);
        return;
      }
    }
    props.onKeyDown?.(event);
  };

  const track = (field: HTMLTextAreaElement) => {
    setCaret(field.selectionStart === field.selectionEnd ? field.selectionStart : null);
  };

  return (
    <div className="relative">
      {open && mention && (
        <Suspense fallback={null}>
          <MentionSuggestions query={mention.query} onMembers={setFound} />
        </Suspense>
      )}
      <textarea
        {...props}
        ref={textareaRef}
        value={value}
        onChange={(event) => {
          onValueChange(event.target.value);
          setActive(0);
          track(event.target);
        }}
        onSelect={(event) => track(event.currentTarget)}
        onBlur={(event) => {
          setCaret(null);
          props.onBlur?.(event);
        }}
        onKeyDown={onKeyDown}
        aria-autocomplete="list"
        aria-controls={shown ? listId : undefined}
        aria-activedescendant={shown ? `${listId}-${activeIndex}` : undefined}
        className={className}
      />
      {shown && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Members to mention"
          className="absolute left-2 z-20 mt-1 max-h-64 w-64 max-w-[calc(100%-1rem)] overflow-y-auto rounded-lg border border-line bg-surface py-1 shadow-lg"
        >
          {members.map((member, index) => (
            <li
              key={member.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              // Keep the focus in the field: the pick happens on mouse down, before a blur.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(member, event.currentTarget.closest('div')?.querySelector('textarea') ?? null);
              }}
              className={cn(
                'flex cursor-pointer flex-col px-3 py-1.5 text-sm',
                index === activeIndex ? 'bg-brand-soft text-ink' : 'text-ink hover:bg-surface-muted',
              )}
            >
              <span className="font-semibold">{`@${member.username}`}</span>
              {member.full_name && <span className="text-xs text-ink-muted">{member.full_name}</span>}
            </li>
          ))}
        </ul>
      )}
      <p aria-live="polite" className="sr-only">
        {shown
          ? `${members.length} ${members.length === 1 ? 'member' : 'members'} found. Up and down arrows to choose, Enter to mention.`
          : ''}
      </p>
    </div>
  );
}

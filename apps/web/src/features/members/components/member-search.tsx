import type { MemberSummaryDto } from '@castline/shared';
import { SETTINGS_MESSAGES } from '@castline/shared';
import { CircleExclamationPoint, Search, UserRound } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useMemberSearch } from '../api/member-search.api';
import { avatarSrcSet, avatarVariantUrl } from '../avatar-variants';

export interface MemberSearchProps {
  /** The visible label of the input ("Find a member"). */
  label: string;
  /** Called with the member chosen from the suggestions (click, or Enter on the highlighted one). */
  onSelect: (member: MemberSummaryDto) => void;
  /** Members left out of the suggestions (yourself, members already picked). */
  excludeIds?: readonly string[];
  /** Help text under the field, linked with aria-describedby. */
  hint?: string;
  placeholder?: string;
  /** Empty the input after a choice (default); false keeps the chosen username in it. */
  clearOnSelect?: boolean;
  /** Hides the label visually (it is still read out). */
  hideLabel?: boolean;
  id?: string;
  name?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  className?: string;
}

/**
 * Finds a member by username or full name: an ARIA 1.2 combobox with a listbox of at most 10
 * suggestions, searched as the member types (debounced). Arrow keys move through the
 * suggestions, Enter chooses, Escape closes the list (and empties the input when it is closed).
 */
export function MemberSearch({
  label,
  onSelect,
  excludeIds = [],
  hint,
  placeholder = 'Search by username or name',
  clearOnSelect = true,
  hideLabel = false,
  id,
  name,
  disabled,
  autoFocus,
  className,
}: MemberSearchProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const listboxId = `${inputId}-listbox`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const optionId = (memberId: string) => `${inputId}-option-${memberId}`;

  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);

  const search = useMemberSearch(text, { enabled: open && !disabled });
  const items = search.items.filter((member) => !excludeIds.includes(member.id));
  const typed = text.trim().length > 0;
  const showEmpty = search.isSettled && items.length === 0;
  const message = search.problem
    ? search.problem
    : search.isError
      ? SETTINGS_MESSAGES.searchFailed
      : showEmpty
        ? SETTINGS_MESSAGES.noMembersFound
        : null;
  const expanded = open && typed && (items.length > 0 || message !== null);
  const active = expanded && activeIndex < items.length ? activeIndex : -1;
  const activeMember = active >= 0 ? items[active] : undefined;

  const announcement = !expanded
    ? ''
    : (message ?? (items.length === 1 ? '1 member found' : `${items.length} members found`));

  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!activeMember) return;
    listRef.current
      ?.querySelector(`[data-member-id="${CSS.escape(activeMember.id)}"]`)
      ?.scrollIntoView?.({ block: 'nearest' });
  }, [activeMember]);

  function choose(member: MemberSummaryDto) {
    setOpen(false);
    setActiveIndex(-1);
    setText(clearOnSelect ? '' : member.username);
    onSelect(member);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActiveIndex(-1);
          return;
        }
        if (items.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActiveIndex(
          active < 0 ? (step > 0 ? 0 : items.length - 1) : (active + step + items.length) % items.length,
        );
        return;
      }
      case 'Home':
      case 'End':
        if (!expanded || items.length === 0 || active < 0) return;
        event.preventDefault();
        setActiveIndex(event.key === 'Home' ? 0 : items.length - 1);
        return;
      case 'Enter':
        if (!activeMember) return;
        event.preventDefault();
        choose(activeMember);
        return;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActiveIndex(-1);
        } else if (text) {
          event.preventDefault();
          setText('');
        }
        return;
      case 'Tab':
        setOpen(false);
        setActiveIndex(-1);
        return;
      default:
    }
  }

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className={cn('text-sm font-medium text-ink', hideLabel && 'sr-only')}>
        {label}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          size={16}
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-ink-muted"
        />
        <input
          id={inputId}
          name={name}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeMember ? optionId(activeMember.id) : undefined}
          aria-describedby={hintId}
          aria-busy={(open && search.isPending) || undefined}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus={autoFocus}
          placeholder={placeholder}
          disabled={disabled}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActiveIndex(-1);
          }}
          onFocus={() => {
            if (text.trim()) setOpen(true);
          }}
          onBlur={() => {
            setOpen(false);
            setActiveIndex(-1);
          }}
          onKeyDown={handleKeyDown}
          className={cn(
            'block min-h-11 w-full rounded-lg border border-line bg-surface py-2 pr-10 pl-9 text-base text-ink shadow-xs',
            'placeholder:text-ink-muted/70 focus-visible:border-ring',
            'disabled:cursor-not-allowed disabled:opacity-60',
          )}
        />
        {open && search.isPending && (
          <span className="pointer-events-none absolute inset-y-0 right-0 flex items-center pr-3 text-ink-muted">
            <Spinner label="Searching members" size={16} />
          </span>
        )}
        <div
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-lg border border-line bg-surface shadow-lg shadow-black/10"
        >
          <ul
            ref={listRef}
            id={listboxId}
            role="listbox"
            aria-label={`${label} suggestions`}
            hidden={items.length === 0}
            className="max-h-80 overflow-y-auto py-1"
          >
            {items.map((member, index) => (
              <li
                key={member.id}
                id={optionId(member.id)}
                role="option"
                aria-selected={index === active}
                data-member-id={member.id}
                // Keep the focus in the input, so that choosing is not a blur.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(member)}
                onMouseMove={() => {
                  if (index !== active) setActiveIndex(index);
                }}
                className={cn(
                  'flex cursor-pointer items-center gap-3 px-3 py-2 text-sm text-ink',
                  index === active && 'bg-brand-soft',
                )}
              >
                <SuggestionAvatar url={member.avatar_url} />
                <span className="flex min-w-0 flex-col">
                  <span className="truncate font-semibold">{member.username}</span>
                  {member.full_name && <span className="truncate text-ink-muted">{member.full_name}</span>}
                </span>
              </li>
            ))}
          </ul>
          {message && (
            <p className="flex items-start gap-2 px-3 py-2 text-sm text-ink-muted">
              {message !== SETTINGS_MESSAGES.noMembersFound && (
                <CircleExclamationPoint
                  aria-hidden="true"
                  size={16}
                  className="mt-0.5 shrink-0 text-danger"
                />
              )}
              <span>{message}</span>
            </p>
          )}
        </div>
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

/** A 32 px picture (the 64 px variant, sharp on dense screens), or a neutral figure. */
function SuggestionAvatar({ url }: { url: string | null }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const box = 'size-8 shrink-0 rounded-full';
  if (url && failedUrl !== url) {
    return (
      <img
        src={avatarVariantUrl(url, 64)}
        srcSet={avatarSrcSet(url)}
        sizes="32px"
        alt=""
        width={32}
        height={32}
        loading="lazy"
        decoding="async"
        className={cn(box, 'bg-surface-muted object-cover')}
        onError={() => setFailedUrl(url)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(box, 'inline-flex items-center justify-center bg-brand-soft text-brand')}
    >
      <UserRound size={16} />
    </span>
  );
}

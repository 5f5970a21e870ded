import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { AppIconName } from '../../../components/ui/icons';
import { APP_ICONS } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';

const { Check, Copy, SearchX } = APP_ICONS;

const ICON_NAMES = (Object.keys(APP_ICONS) as AppIconName[]).sort((a, b) => a.localeCompare(b, 'en'));
const SIZES = [16, 20, 24, 32] as const;
type IconSize = (typeof SIZES)[number];

/** How long the "Copied" confirmation stays on a button. */
const CONFIRMATION_MS = 2000;

type CopyOutcome = { name: AppIconName; result: 'copied' | 'selected' };

function countLabel(count: number): string {
  return `${count} ${count === 1 ? 'icon' : 'icons'}`;
}

/** Selects the text of an element so it can be copied by hand when the clipboard is unavailable. */
function selectText(element: HTMLElement | null): void {
  const selection = window.getSelection();
  if (!element || !selection) return;
  selection.selectAllChildren(element);
}

interface IconTileProps {
  name: AppIconName;
  size: IconSize;
  outcome: CopyOutcome['result'] | null;
  onCopy: (name: AppIconName, nameElement: HTMLElement | null) => void;
}

function IconTile({ name, size, outcome, onCopy }: IconTileProps) {
  const Icon = APP_ICONS[name];
  const nameRef = useRef<HTMLElement>(null);
  return (
    <li className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-surface p-4 text-center shadow-sm shadow-black/5">
      <span className="flex size-14 items-center justify-center rounded-xl bg-brand-soft text-brand">
        <Icon aria-hidden="true" size={size} />
      </span>
      <code ref={nameRef} className="max-w-full text-sm font-medium break-all text-ink">
        {name}
      </code>
      <Button
        variant={outcome ? 'ghost' : 'secondary'}
        size="sm"
        fullWidth
        onClick={() => onCopy(name, nameRef.current)}
      >
        {outcome === 'copied' ? (
          <>
            <Check aria-hidden="true" size={16} className="text-reed" />
            Copied
          </>
        ) : outcome === 'selected' ? (
          'Name selected'
        ) : (
          <>
            <Copy aria-hidden="true" size={16} />
            Copy name
          </>
        )}
        <span className="sr-only">{`: ${name}`}</span>
      </Button>
    </li>
  );
}

/** /dev/icons: every icon in the APP_ICONS registry, to preview and copy by name. */
export function IconsRoute() {
  const [filter, setFilter] = useState('');
  const [size, setSize] = useState<IconSize>(24);
  const [outcome, setOutcome] = useState<CopyOutcome | null>(null);
  const sizeGroupId = useId();

  const query = filter.trim().toLowerCase();
  const visible = useMemo(
    () => (query ? ICON_NAMES.filter((name) => name.toLowerCase().includes(query)) : ICON_NAMES),
    [query],
  );

  useEffect(() => {
    if (!outcome) return;
    const timer = window.setTimeout(() => setOutcome(null), CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [outcome]);

  async function copyName(name: AppIconName, nameElement: HTMLElement | null) {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(name);
      setOutcome({ name, result: 'copied' });
    } catch {
      // Without clipboard access (an insecure origin, a denied permission) select the name instead.
      selectText(nameElement);
      setOutcome({ name, result: 'selected' });
    }
  }

  const total = ICON_NAMES.length;
  const countText = query ? `${countLabel(visible.length)} of ${total}` : countLabel(total);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <title>Icon Playground · Castline</title>
      <header className="flex max-w-3xl flex-col gap-3">
        <p className="text-sm font-semibold tracking-wider text-reed uppercase">Developer tools</p>
        <h1 className="text-3xl font-bold tracking-tight text-ink">Icon Playground</h1>
        <p className="leading-relaxed text-ink-muted">
          Every icon the app uses, from the registry in <code>components/ui/icons.ts</code>. Filter by name,
          preview the icons at the sizes the interface uses, and copy a name to use it in code. An icon that
          is not in the registry yet has to be added there first.
        </p>
      </header>

      <div className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 shadow-sm shadow-black/5 sm:flex-row sm:items-end sm:justify-between">
        <TextField
          label="Filter icons"
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          placeholder="Anchor, Message, Chevron…"
          autoComplete="off"
          spellCheck={false}
          className="w-full sm:max-w-sm"
        />
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-medium text-ink">Size</legend>
          <div className="inline-flex rounded-lg border border-line bg-surface-muted p-1">
            {SIZES.map((option) => (
              <label
                key={option}
                className={cn(
                  'inline-flex min-h-9 min-w-14 cursor-pointer items-center justify-center rounded-md px-2 text-sm font-semibold',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                  option === size ? 'bg-surface text-brand shadow-sm' : 'text-ink-muted hover:text-ink',
                )}
              >
                <input
                  type="radio"
                  name={sizeGroupId}
                  value={option}
                  checked={option === size}
                  onChange={() => setSize(option)}
                  className="sr-only"
                />
                {option} px
              </label>
            ))}
          </div>
        </fieldset>
      </div>

      <p aria-live="polite" className="text-sm font-medium text-ink-muted">
        {countText}
      </p>

      {visible.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line px-4 py-12 text-center">
          <SearchX aria-hidden="true" size={32} className="text-ink-muted" />
          <p className="font-semibold text-ink">No icons match “{filter.trim()}”.</p>
          <p className="text-sm text-ink-muted">Try part of a name, such as “user” or “message”.</p>
          <Button variant="secondary" size="sm" onClick={() => setFilter('')}>
            Clear filter
          </Button>
        </div>
      ) : (
        <ul
          aria-label="Icons"
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6"
        >
          {visible.map((name) => (
            <IconTile
              key={name}
              name={name}
              size={size}
              outcome={outcome?.name === name ? outcome.result : null}
              onCopy={(iconName, element) => void copyName(iconName, element)}
            />
          ))}
        </ul>
      )}

      <p role="status" className="sr-only">
        {outcome?.result === 'copied' && `Copied ${outcome.name}`}
        {outcome?.result === 'selected' && `${outcome.name} is selected; copy it with your keyboard.`}
      </p>
    </div>
  );
}

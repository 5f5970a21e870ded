import { SearchForm } from '../../../../components/ui/search-form';
import { useDebouncedDraft } from './use-debounced-draft';

const sameSearch = (a: string, b: string) => a.trim() === b.trim();

interface SearchBoxProps {
  value: string;
  onSearch: (q: string) => void;
  className?: string;
}

/** The marketplace search: applies a moment after typing stops, or at once on Enter. */
export function SearchBox({ value, onSearch, className }: SearchBoxProps) {
  const { draft, change, flush, commit } = useDebouncedDraft(value, (text) => onSearch(text.trim()), {
    same: sameSearch,
  });

  return (
    <SearchForm
      name="Listings"
      label="Search listings"
      value={draft}
      onChange={change}
      onSubmit={flush}
      onClear={() => commit('')}
      placeholder="Search rods, reels, brands…"
      maxLength={200}
      className={className}
    />
  );
}

import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

interface SpinnerProps {
  /** When given, the spinner is announced (role="status") with this name; otherwise it is decorative. */
  label?: string;
  size?: number;
  className?: string;
}

export function Spinner({ label, size = 18, className }: SpinnerProps) {
  const icon = (
    <LoaderCircle aria-hidden="true" size={size} className={cn('shrink-0 animate-spin', className)} />
  );
  if (!label) return icon;
  return (
    <span role="status" aria-label={label} className="inline-flex">
      {icon}
    </span>
  );
}

/** The centered spinner shown while a page's data (such as the session) loads. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-24">
      <Spinner label={label} size={36} className="text-brand" />
    </div>
  );
}

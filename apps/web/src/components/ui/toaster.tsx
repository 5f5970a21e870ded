import { CircleCheckBig, CircleExclamationPoint, Info, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { cn } from '../../lib/cn';

export const DEFAULT_TOAST_MS = 5000;

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastOptions {
  tone?: ToastTone;
  /** Milliseconds before the toast closes by itself. */
  duration?: number;
}

interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
  duration: number;
}

export interface ToastApi {
  show: (message: string, options?: ToastOptions) => number;
  dismiss: (id: number) => void;
}

/** The toasts' API for the components below; a ToastScope (toast-scope.tsx) narrows it. */
export const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(0);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback((message: string, options: ToastOptions = {}) => {
    nextId.current += 1;
    const id = nextId.current;
    const toast: ToastItem = {
      id,
      message,
      tone: options.tone ?? 'success',
      duration: options.duration ?? DEFAULT_TOAST_MS,
    };
    setToasts((current) => [...current, toast]);
    return id;
  }, []);

  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext value={api}>
      {children}
      <Toaster toasts={toasts} onDismiss={dismiss} />
    </ToastContext>
  );
}

export function useToast(): ToastApi {
  const api = use(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

const ICONS = { success: CircleCheckBig, error: CircleExclamationPoint, info: Info } as const;
const ICON_COLORS: Record<ToastTone, string> = {
  success: 'text-reed',
  error: 'text-danger',
  info: 'text-brand',
};

function Toaster({ toasts, onDismiss }: { toasts: ToastItem[]; onDismiss: (id: number) => void }) {
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed top-3 right-3 left-3 z-50 flex flex-col items-end gap-2 sm:top-4 sm:right-4 sm:left-auto sm:w-96"
    >
      {toasts.map((toast) => (
        <ToastCard key={toast.id} toast={toast} onDismiss={onDismiss} />
      ))}
    </div>
  );
}

function ToastCard({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  const { id, duration, message, tone } = toast;
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(id), duration);
    return () => window.clearTimeout(timer);
  }, [id, duration, onDismiss]);

  const Icon = ICONS[tone];
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className={cn(
        'pointer-events-auto flex w-full items-start gap-3 rounded-xl border border-line bg-surface py-3 pr-2 pl-4',
        'animate-toast-in text-sm text-ink shadow-lg shadow-black/10',
      )}
    >
      <Icon aria-hidden="true" size={18} className={cn('mt-0.5 shrink-0', ICON_COLORS[tone])} />
      <p className="min-w-0 flex-1 py-0.5 leading-relaxed">{message}</p>
      <button
        type="button"
        onClick={() => onDismiss(id)}
        aria-label="Close notification"
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink"
      >
        <X aria-hidden="true" size={16} />
      </button>
    </div>
  );
}

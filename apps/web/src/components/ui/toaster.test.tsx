import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_TOAST_MS, ToastProvider, useToast } from './toaster';

function Trigger({ message, duration }: { message: string; duration?: number }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show(message, duration ? { duration } : {})}>
      Notify
    </button>
  );
}

describe('toaster', () => {
  it('shows a polite notification that closes by itself after 5 seconds', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger message="Listing saved" />
      </ToastProvider>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Notify' }));
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('Listing saved');
    expect(toast).toHaveAttribute('aria-live', 'polite');

    act(() => vi.advanceTimersByTime(DEFAULT_TOAST_MS - 100));
    expect(screen.getByText('Listing saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Listing saved')).not.toBeInTheDocument();
  });

  it('keeps a longer notification for its own duration', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger message="Account created" duration={8000} />
      </ToastProvider>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Notify' }));
    act(() => vi.advanceTimersByTime(7000));
    expect(screen.getByText('Account created')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Account created')).not.toBeInTheDocument();
  });

  it('closes with its close button', () => {
    render(
      <ToastProvider>
        <Trigger message="Listing saved" />
      </ToastProvider>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Notify' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Listing saved')).not.toBeInTheDocument();
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ToastScope, useToastScope } from './toast-scope';
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

  it('closes the toasts shown through a scope together, and leaves the others', () => {
    function Form() {
      const app = useToast();
      const form = useToastScope();
      return (
        <>
          <button type="button" onClick={() => form.show('Please wait', { tone: 'info' })}>
            Wait
          </button>
          <ToastScope scope={form}>
            <Trigger message="Photo uploaded" />
          </ToastScope>
          <button
            type="button"
            onClick={() => {
              form.dismissAll();
              app.show('Listing created');
            }}
          >
            Create
          </button>
        </>
      );
    }
    render(
      <ToastProvider>
        <Trigger message="Signed in" />
        <Form />
      </ToastProvider>,
    );

    fireEvent.click(screen.getAllByRole('button', { name: 'Notify' })[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Wait' }));
    // Components inside the scope show their toasts through it.
    fireEvent.click(screen.getAllByRole('button', { name: 'Notify' })[1]!);
    expect(screen.getAllByRole('status')).toHaveLength(3);

    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getAllByRole('status').map((toast) => toast.textContent)).toEqual([
      'Signed in',
      'Listing created',
    ]);
  });

  it("closes a scope's toasts when the component that owns it goes away", () => {
    function Owner() {
      const form = useToastScope();
      return (
        <button type="button" onClick={() => form.show('Please wait')}>
          Wait
        </button>
      );
    }
    function Page() {
      const [open, setOpen] = useState(true);
      return (
        <>
          {open && <Owner />}
          <button type="button" onClick={() => setOpen(false)}>
            Leave
          </button>
          <Trigger message="Welcome" />
        </>
      );
    }
    render(
      <ToastProvider>
        <Page />
      </ToastProvider>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Wait' }));
    fireEvent.click(screen.getByRole('button', { name: 'Notify' }));
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(screen.queryByText('Please wait')).not.toBeInTheDocument();
    expect(screen.getByText('Welcome')).toBeInTheDocument();
  });
});

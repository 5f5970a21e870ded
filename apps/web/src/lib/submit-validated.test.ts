import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { submitValidated } from './submit-validated';

const Body = z.object({ email: z.string().email('Enter a valid email.') });
type BodyData = z.infer<typeof Body>;

function setup() {
  const form = document.createElement('form');
  const event = { preventDefault: vi.fn(), currentTarget: form } as unknown as FormEvent<HTMLFormElement>;
  const mutation = { isPending: false, reset: vi.fn(), mutate: vi.fn() };
  const show = vi.fn();
  return { form, event, mutation, show };
}

describe('submitValidated with a schema loaded on first submit', () => {
  it('validates once the schema is in, and takes a second submit meanwhile for the same one', async () => {
    const { event, mutation, show } = setup();
    // As a module import: one promise, settled once, answered to every later call.
    let resolve!: (schema: z.ZodType<BodyData>) => void;
    const loaded = new Promise<z.ZodType<BodyData>>((done) => (resolve = done));
    const loader = vi.fn(() => loaded);
    const submit = (email: string) =>
      submitValidated({ event, schema: loader, input: { email }, mutation, fields: ['email'], show });

    submit('angler@example.com');
    submit('angler@example.com');
    expect(loader).toHaveBeenCalledTimes(1);
    expect(mutation.mutate).not.toHaveBeenCalled();
    resolve(Body);
    await vi.waitFor(() => expect(mutation.mutate).toHaveBeenCalledTimes(1));
    expect(mutation.mutate.mock.calls[0]![0]).toEqual({ email: 'angler@example.com' });

    // Loaded: an invalid value is shown inline and nothing is sent.
    submit('not an email');
    await vi.waitFor(() =>
      expect(show).toHaveBeenLastCalledWith({ email: 'Enter a valid email.' }, expect.anything()),
    );
    expect(mutation.mutate).toHaveBeenCalledTimes(1);
  });

  it('leaves the checks to the server when the schema cannot load', async () => {
    const { event, mutation, show } = setup();
    const loader = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
    submitValidated({ event, schema: loader, input: { email: 'x' }, mutation, fields: ['email'], show });
    await vi.waitFor(() => expect(mutation.mutate).toHaveBeenCalledTimes(1));
    expect(mutation.mutate.mock.calls[0]![0]).toEqual({ email: 'x' });
  });
});

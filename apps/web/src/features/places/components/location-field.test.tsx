import { LISTING_MESSAGES, PLACE_MESSAGES } from '@castline/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import type { MockAnswer } from '../../../test/fetch-mock';
import { apiError, mockServer } from '../../../test/fetch-mock';
import { PLACE_UI_MESSAGES } from '../place-messages';
import type { LocationValue } from './location-field';
import { LocationField } from './location-field';

const AUSTIN = { description: 'Austin, TX, USA', place_id: 'city:4671654' };
const AUSTIN_MN = { description: 'Austin, MN, USA', place_id: 'city:5016884' };
const PORTLAND_OR = { description: 'Portland, OR, USA', place_id: 'city:5746545' };
const PORTLAND_ME = { description: 'Portland, ME, USA', place_id: 'city:4975802' };

const PLACES: Record<string, { lat: number; lng: number; formatted_address: string }> = {
  [AUSTIN.place_id]: { lat: 30.26715, lng: -97.74306, formatted_address: 'Austin, TX, USA' },
  [PORTLAND_ME.place_id]: { lat: 43.65737, lng: -70.2589, formatted_address: 'Portland, ME, USA' },
  'austin texas': { lat: 30.26715, lng: -97.74306, formatted_address: 'Austin, TX, USA' },
};

const SUGGESTIONS: Record<string, (typeof AUSTIN)[]> = {
  Austin: [AUSTIN, AUSTIN_MN],
  Port: [PORTLAND_OR, PORTLAND_ME],
};

type Server = ReturnType<typeof mockServer>;

/** The query of every request the fake server got for one path, in order. */
function queriesTo(server: Server, path: string): URLSearchParams[] {
  return server.fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}

/** A fake places API: suggestions and geocode answers keyed by the request's query. */
function placesServer(options: { suggestionsDelay?: Promise<void> } = {}) {
  // The fake server answers by the query of the request under way (the last fetch call).
  const lastQuery = () => new URL(String(server.fetch.mock.lastCall?.[0]), 'http://localhost').searchParams;
  const server: Server = mockServer({
    'GET /api/places/suggestions': async (): Promise<MockAnswer> => {
      const input = lastQuery().get('input') ?? '';
      await options.suggestionsDelay;
      return { body: { items: SUGGESTIONS[input] ?? [] } };
    },
    'GET /api/places/geocode': (): MockAnswer => {
      const query = lastQuery();
      const place = PLACES[query.get('place_id') ?? query.get('address') ?? ''];
      return place ? { body: place } : apiError(404, 'NOT_FOUND', PLACE_MESSAGES.notFound);
    },
  });
  return server;
}

function renderField(initial: LocationValue = { text: '', coordinates: null }) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const user = userEvent.setup();
  const changes: LocationValue[] = [];

  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <>
        <LocationField
          label="Location"
          hint="City, state or ZIP code"
          value={value}
          onChange={(next) => {
            changes.push(next);
            setValue(next);
          }}
        />
        <button type="button">Next field</button>
        <output aria-label="Coordinates">
          {value.coordinates ? `${value.coordinates.lat},${value.coordinates.lng}` : 'none'}
        </output>
      </>
    );
  }

  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Harness />
      </QueryClientProvider>
    </StrictMode>,
  );
  const input = screen.getByRole('combobox', { name: 'Location' });
  return { user, input, changes, coordinates: () => screen.getByLabelText('Coordinates').textContent };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('LocationField', () => {
  it('is a labelled, collapsed combobox that controls a listbox', () => {
    const { input } = renderField();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(input).toHaveAccessibleDescription('City, state or ZIP code');
    const listboxId = input.getAttribute('aria-controls');
    expect(listboxId).toBeTruthy();
    expect(document.getElementById(listboxId!)).toHaveAttribute('role', 'listbox');
  });

  it('asks for suggestions once, with the debounced text, and lists them', async () => {
    const server = placesServer();
    const { user, input } = renderField();

    await user.type(input, 'Austin');

    const listbox = await screen.findByRole('listbox', { name: 'Location suggestions' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Austin, TX, USA', 'Austin, MN, USA']);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(PLACE_UI_MESSAGES.placesFound(2))).toHaveClass('sr-only');
    const requests = queriesTo(server, '/api/places/suggestions');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.get('input')).toBe('Austin');
    expect(requests[0]?.get('type')).toBe('any');
  });

  it('does not ask below 3 characters', async () => {
    const server = placesServer();
    const { user, input } = renderField();

    await user.type(input, 'Au');
    await wait(450);

    expect(queriesTo(server, '/api/places/suggestions')).toHaveLength(0);
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('moves through the suggestions with the arrow keys and chooses one with Enter', async () => {
    const server = placesServer();
    const { user, input, coordinates } = renderField();

    await user.type(input, 'Port');
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(2);

    await user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);

    await user.keyboard('{Enter}');

    expect(input).toHaveValue('Portland, ME, USA');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    await waitFor(() => expect(coordinates()).toBe('43.65737,-70.2589'));
    const lookups = queriesTo(server, '/api/places/geocode');
    expect(lookups).toHaveLength(1);
    expect(lookups[0]?.get('place_id')).toBe(PORTLAND_ME.place_id);
  });

  it('chooses a suggestion with the mouse without geocoding the typed text', async () => {
    const server = placesServer();
    const { user, input, coordinates, changes } = renderField();

    await user.type(input, 'Austin');
    await user.click(await screen.findByRole('option', { name: 'Austin, TX, USA' }));

    await waitFor(() => expect(coordinates()).toBe('30.26715,-97.74306'));
    expect(input).toHaveValue('Austin, TX, USA');
    expect(input).toHaveFocus();
    expect(queriesTo(server, '/api/places/geocode').map((query) => query.get('place_id'))).toEqual([
      AUSTIN.place_id,
    ]);
    expect(changes.at(-1)).toEqual({
      text: 'Austin, TX, USA',
      coordinates: { lat: 30.26715, lng: -97.74306 },
    });

    // Leaving the field now does not geocode again: the place is known.
    await user.tab();
    expect(queriesTo(server, '/api/places/geocode')).toHaveLength(1);
  });

  it('closes the list with Escape and keeps the text', async () => {
    placesServer();
    const { user, input } = renderField();

    await user.type(input, 'Port');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{Escape}');

    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(input).toHaveValue('Port');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });

  it('says "No matching places" when nothing matches', async () => {
    placesServer();
    const { user, input } = renderField();

    await user.type(input, 'Qwertyuiop');

    expect(
      await screen.findByText(PLACE_UI_MESSAGES.noMatches, { ignore: 'script, style, .sr-only' }),
    ).toBeVisible();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('shows a spinner while suggestions load', async () => {
    let release: () => void = () => {};
    const server = placesServer({ suggestionsDelay: new Promise<void>((resolve) => (release = resolve)) });
    const { user, input } = renderField();

    await user.type(input, 'Austin');

    expect(await screen.findByRole('status', { name: PLACE_UI_MESSAGES.searching })).toBeInTheDocument();
    await waitFor(() => expect(queriesTo(server, '/api/places/suggestions')).toHaveLength(1));
    release();
    expect(await screen.findByRole('option', { name: 'Austin, TX, USA' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: PLACE_UI_MESSAGES.searching })).not.toBeInTheDocument();
  });

  it('geocodes typed text on blur and writes the matched address and coordinates', async () => {
    const server = placesServer();
    const { user, input, coordinates } = renderField();

    await user.type(input, 'austin texas');
    await user.tab();

    await waitFor(() => expect(coordinates()).toBe('30.26715,-97.74306'));
    expect(input).toHaveValue('Austin, TX, USA');
    expect(screen.getByRole('button', { name: 'Next field' })).toHaveFocus();
    const geocodes = queriesTo(server, '/api/places/geocode');
    expect(geocodes).toHaveLength(1);
    expect(geocodes[0]?.get('address')).toBe('austin texas');
    expect(screen.queryByText(PLACE_UI_MESSAGES.notPlaced)).not.toBeInTheDocument();
  });

  it('keeps unknown text without coordinates and says so as a hint, not an error', async () => {
    const server = placesServer();
    const { user, input, coordinates, changes } = renderField();

    await user.type(input, 'Lake Nowhere');
    await user.tab();

    expect(await screen.findByText(PLACE_UI_MESSAGES.notPlaced)).toBeInTheDocument();
    expect(input).toHaveValue('Lake Nowhere');
    expect(coordinates()).toBe('none');
    expect(changes.at(-1)).toEqual({ text: 'Lake Nowhere', coordinates: null });
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(input).toHaveAccessibleDescription(`City, state or ZIP code ${PLACE_UI_MESSAGES.notPlaced}`);
    expect(queriesTo(server, '/api/places/geocode')[0]?.get('address')).toBe('Lake Nowhere');

    // Typing again clears the hint.
    await user.type(input, 's');
    expect(screen.queryByText(PLACE_UI_MESSAGES.notPlaced)).not.toBeInTheDocument();
  });

  it('does not geocode on blur below 3 characters', async () => {
    const server = placesServer();
    const { user, input } = renderField();
    await user.type(input, 'Au');
    await user.tab();
    await wait(50);
    expect(queriesTo(server, '/api/places/geocode')).toHaveLength(0);
  });

  it('shows the error prop like a text field', () => {
    placesServer();
    const queryClient = createQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <LocationField
          label="Where is it?"
          value={{ text: '', coordinates: null }}
          onChange={() => {}}
          error={LISTING_MESSAGES.locationRequired}
        />
      </QueryClientProvider>,
    );
    const input = screen.getByRole('combobox', { name: 'Where is it?' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(LISTING_MESSAGES.locationRequired);
  });
});

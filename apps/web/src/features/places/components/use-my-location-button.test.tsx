import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLACE_UI_MESSAGES } from '../place-messages';
import { UseMyLocationButton } from './use-my-location-button';

type Success = (position: { coords: { latitude: number; longitude: number } }) => void;
type Failure = (error: { code: number; message: string }) => void;

const original = Object.getOwnPropertyDescriptor(window.navigator, 'geolocation');

function stubGeolocation(answer: ((success: Success, failure: Failure) => void) | undefined) {
  Object.defineProperty(window.navigator, 'geolocation', {
    configurable: true,
    value: answer ? { getCurrentPosition: vi.fn(answer) } : undefined,
  });
}

afterEach(() => {
  if (original) Object.defineProperty(window.navigator, 'geolocation', original);
  else Reflect.deleteProperty(window.navigator, 'geolocation');
});

describe('UseMyLocationButton', () => {
  it("hands over the device's position, rounded to about 100 m", async () => {
    stubGeolocation((success) => success({ coords: { latitude: 30.267153, longitude: -97.743061 } }));
    const onLocate = vi.fn();
    render(<UseMyLocationButton onLocate={onLocate} />);

    await userEvent.click(screen.getByRole('button', { name: PLACE_UI_MESSAGES.useMyLocation }));

    expect(onLocate).toHaveBeenCalledWith({ lat: 30.267, lng: -97.743 });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows that it is locating while the browser answers', async () => {
    let answer: Success = () => {};
    stubGeolocation((success) => {
      answer = success;
    });
    const onLocate = vi.fn();
    render(<UseMyLocationButton onLocate={onLocate} />);

    await userEvent.click(screen.getByRole('button', { name: PLACE_UI_MESSAGES.useMyLocation }));

    expect(screen.getByRole('button', { name: PLACE_UI_MESSAGES.locating })).toBeDisabled();
    answer({ coords: { latitude: 45.5, longitude: -122.7 } });
    expect(await screen.findByRole('button', { name: PLACE_UI_MESSAGES.useMyLocation })).toBeEnabled();
    expect(onLocate).toHaveBeenCalledWith({ lat: 45.5, lng: -122.7 });
  });

  it.each([
    [1, PLACE_UI_MESSAGES.permissionDenied],
    [2, PLACE_UI_MESSAGES.unavailable],
    [3, PLACE_UI_MESSAGES.timeout],
  ])('explains a refusal or failure (code %i) politely', async (code, message) => {
    stubGeolocation((_success, failure) => failure({ code, message: 'raw browser text' }));
    const onLocate = vi.fn();
    render(<UseMyLocationButton onLocate={onLocate} />);

    await userEvent.click(screen.getByRole('button', { name: PLACE_UI_MESSAGES.useMyLocation }));

    expect(screen.getByRole('status')).toHaveTextContent(message);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onLocate).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: PLACE_UI_MESSAGES.useMyLocation })).toBeEnabled();
  });

  it('says when the browser cannot share a location', async () => {
    stubGeolocation(undefined);
    render(<UseMyLocationButton onLocate={vi.fn()} />);

    await userEvent.click(screen.getByRole('button', { name: PLACE_UI_MESSAGES.useMyLocation }));

    expect(screen.getByRole('status')).toHaveTextContent(PLACE_UI_MESSAGES.unsupported);
  });
});

import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_CLAIMS } from '@shared';
import { HeaderAlerts } from '../../renderer/src/features/live/HeaderAlerts';
import { liveSoundAtom } from '../../renderer/src/features/live/sound';
import { sessionAtom, store } from '../../renderer/src/session/session';
import { renderInApp } from './render-app';

/** An AudioContext as a browser makes one before the page's first click: suspended until resumed by a gesture. */
class SuspendedAudioContext extends EventTarget {
  static made = 0;
  state: 'suspended' | 'running' = 'suspended';
  constructor() {
    super();
    SuspendedAudioContext.made++;
  }
  resume() {
    this.state = 'running';
    this.dispatchEvent(new Event('statechange'));
    return Promise.resolve();
  }
}

beforeEach(() => {
  vi.stubGlobal('AudioContext', SuspendedAudioContext);
  store.set(liveSoundAtom, true);
  store.set(sessionAtom, { accessToken: 'a', permissions: [], claims: [...ALL_CLAIMS], userRoles: ['Admin'], userName: 'Hessa', userEmail: 'h@x.demo' });
});
afterEach(() => {
  cleanup();
  store.set(sessionAtom, undefined);
  vi.unstubAllGlobals();
});

describe('the chime says when the page may not play it yet', () => {
  it('after a reload with no click yet, the header says "click to turn sound on", until the first click', async () => {
    renderInApp(
      <MemoryRouter>
        <HeaderAlerts canOpenList />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('sound-blocked').textContent).toBe('Click to turn sound on');
    expect(screen.getByTestId('alerts-sound').getAttribute('aria-label')).toBe('Sound is off until you click on this page: click to turn sound on');
    // The click that unlocks the page leaves the chime on.
    act(() => void fireEvent.pointerDown(screen.getByTestId('alerts-sound')));
    fireEvent.click(screen.getByTestId('alerts-sound'));
    await waitFor(() => expect(screen.queryByTestId('sound-blocked')).toBeNull());
    expect(screen.getByTestId('alerts-sound').getAttribute('aria-label')).toBe('Sound for new requests');
    expect(store.get(liveSoundAtom)).toBe(true);
  });
});

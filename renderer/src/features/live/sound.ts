import { atomWithStorage } from 'jotai/utils';
import { useEffect, useState } from 'react';

/** Whether a new request plays a sound; the user turns it off per machine. */
export const liveSoundAtom = atomWithStorage('hotel.liveSound', true);

/**
 * The cues, each its own tune so staff tell them apart without looking: a new request
 * rises, the reminder of a line nobody acknowledged repeats it once more, an escalation
 * (a line past its target) falls, lower and longer.
 */
const TUNES = {
  newRequest: [880, 1320],
  reminder: [880, 1320, 880],
  escalation: [660, 440, 330],
} as const;
export type Chime = keyof typeof TUNES;

let context: AudioContext | undefined;

function audio(): AudioContext | undefined {
  try {
    context ??= new AudioContext();
    return context;
  } catch {
    return undefined;
  }
}

/**
 * Whether the page may play sound yet. A browser (and a fresh tab or a reload) keeps an
 * AudioContext suspended until the user's first click or key: a chime before that is
 * silent, so the header says so until then. No audio device at all counts as allowed:
 * there is nothing a click would change.
 */
export function useSoundAllowed(): boolean {
  const [allowed, setAllowed] = useState(() => audio()?.state !== 'suspended');
  useEffect(() => {
    const ctx = audio();
    if (!ctx || ctx.state !== 'suspended') return;
    const check = () => setAllowed(ctx.state !== 'suspended');
    // The first gesture anywhere on the page lets it play: resume then.
    const unlock = () => void ctx.resume().then(check, () => undefined);
    ctx.addEventListener?.('statechange', check);
    document.addEventListener('pointerdown', unlock, true);
    document.addEventListener('keydown', unlock, true);
    return () => {
      ctx.removeEventListener?.('statechange', check);
      document.removeEventListener('pointerdown', unlock, true);
      document.removeEventListener('keydown', unlock, true);
    };
  }, []);
  return allowed;
}

/** A short chime made with Web Audio, so no sound file ships in the bundle. */
export function playChime(tune: Chime = 'newRequest'): void {
  try {
    context ??= new AudioContext();
    const now = context.currentTime;
    const step = tune === 'escalation' ? 0.25 : 0.15;
    for (const [i, freq] of TUNES[tune].entries()) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + i * step);
      gain.gain.exponentialRampToValueAtTime(0.2, now + i * step + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * step + step * 2);
      osc.connect(gain).connect(context.destination);
      osc.start(now + i * step);
      osc.stop(now + i * step + step * 2 + 0.02);
    }
  } catch {
    // No audio device (or autoplay refused before any click): the toast is the cue.
  }
}

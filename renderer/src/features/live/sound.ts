import { atomWithStorage } from 'jotai/utils';

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

import { atomWithStorage } from 'jotai/utils';

/** Whether a new request plays a sound; the user turns it off per machine. */
export const liveSoundAtom = atomWithStorage('hotel.liveSound', true);

let context: AudioContext | undefined;

/** A short two-tone chime made with Web Audio, so no sound file ships in the bundle. */
export function playChime(): void {
  try {
    context ??= new AudioContext();
    const now = context.currentTime;
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + i * 0.15);
      gain.gain.exponentialRampToValueAtTime(0.2, now + i * 0.15 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.15 + 0.3);
      osc.connect(gain).connect(context.destination);
      osc.start(now + i * 0.15);
      osc.stop(now + i * 0.15 + 0.32);
    }
  } catch {
    // No audio device (or autoplay refused before any click): the toast is the cue.
  }
}

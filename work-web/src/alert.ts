/**
 * A new task rings: a short two-tone chime and a vibration, again every 30 s while a task
 * waits to be accepted. Drawn with Web Audio, so no sound file is downloaded.
 */
export const REPEAT_MS = 30_000;

let audio: AudioContext | undefined;

/** Browsers start sound only after a tap: the first tap on the page wakes the audio. */
export function wakeAudio(): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
  } catch {
    // No Web Audio: vibration only.
  }
}

export function ring(): void {
  navigator.vibrate?.([300, 150, 300]);
  if (!audio || audio.state !== 'running') return;
  const now = audio.currentTime;
  for (const [i, frequency] of [880, 660].entries()) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, now + i * 0.25);
    gain.gain.exponentialRampToValueAtTime(0.4, now + i * 0.25 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.25 + 0.22);
    osc.connect(gain).connect(audio.destination);
    osc.start(now + i * 0.25);
    osc.stop(now + i * 0.25 + 0.25);
  }
}

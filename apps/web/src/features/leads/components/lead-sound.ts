/**
 * The new-lead chime: two short tones made with WebAudio, so that no sound file is downloaded.
 * Browsers start audio only after a gesture on the page: `primeLeadSound` is called from the
 * switch that turns the sound on, and a page where it was not called may stay silent until then.
 */

type AudioContextClass = typeof AudioContext;
let context: AudioContext | null = null;

function audio(): AudioContext | null {
  const Class: AudioContextClass | undefined =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Class) return null;
  context ??= new Class();
  return context;
}

/** From a click or key press: lets later chimes play. */
export function primeLeadSound(): void {
  void audio()
    ?.resume()
    .catch(() => {});
}

function tone(ctx: AudioContext, frequency: number, start: number) {
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.18);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(start);
  oscillator.stop(start + 0.2);
}

export function playLeadSound(): void {
  try {
    const ctx = audio();
    if (!ctx || ctx.state === 'closed') return;
    void ctx.resume().catch(() => {});
    tone(ctx, 880, ctx.currentTime);
    tone(ctx, 1320, ctx.currentTime + 0.16);
  } catch {
    // A browser that refuses audio leaves the lead to the highlight and the title.
  }
}

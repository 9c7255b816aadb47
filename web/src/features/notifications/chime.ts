/**
 * "Enable Sounds": a short two-note chime drawn with the Web Audio API, so there is no sound file to
 * download. Browsers start audio only after the person has used the page (a click, a key), which
 * sending a message or opening a conversation already is; before that the chime is silently skipped.
 */
let context: AudioContext | null = null;

export function playChime(): void {
  const Context =
    window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return;
  try {
    context ??= new Context();
    if (context.state === 'suspended') void context.resume().catch(() => {});
    const start = context.currentTime;
    // Two soft sine notes (E6 then A6), each fading out: about a third of a second in all.
    for (const [i, frequency] of [1318.5, 1760].entries()) {
      const tone = context.createOscillator();
      const volume = context.createGain();
      tone.type = 'sine';
      tone.frequency.value = frequency;
      const at = start + i * 0.12;
      volume.gain.setValueAtTime(0.0001, at);
      volume.gain.exponentialRampToValueAtTime(0.12, at + 0.02);
      volume.gain.exponentialRampToValueAtTime(0.0001, at + 0.22);
      tone.connect(volume).connect(context.destination);
      tone.start(at);
      tone.stop(at + 0.25);
    }
  } catch {
    // No audio device, or the browser refused: a chime is never worth an error.
  }
}

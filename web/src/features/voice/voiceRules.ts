import { msg, t } from '../../lib/i18n';

/**
 * The voice features' rules, pure and unit-tested (voiceRules.test.ts): which way the microphone
 * works, what a failure says, how long a recording may be, and what "Read aloud" reads.
 */

/** The api's limit (api/src/modules/voice/core/audioRules.ts): recording stops by itself at ten minutes. */
export const RECORDING_MAX_MS = 10 * 60 * 1000;
/** The api's /audio/speech limit. */
export const SPEECH_MAX_CHARS = 4096;

/** Translated where it is shown (`t(NO_VOICE_INPUT)`). */
export const NO_VOICE_INPUT = msg('Voice input needs STT_BASE_URL set by the operator');

export interface VoiceConfig {
  transcription: boolean;
  speech: boolean;
}

/** How the microphone turns speech into text here: the server, the browser's recognizer, or not at all. */
export type VoiceInputMode = 'server' | 'browser' | 'none';

export function voiceInputMode(
  config: VoiceConfig,
  can: { mediaRecorder: boolean; recognition: boolean },
): VoiceInputMode {
  if (config.transcription && can.mediaRecorder) return 'server';
  if (can.recognition) return 'browser';
  return 'none';
}

/** The recording format MediaRecorder should use: the first one it supports that the api accepts. */
export function recorderTypeOf(isTypeSupported: (type: string) => boolean): string | undefined {
  return ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'].find((type) =>
    isTypeSupported(type),
  );
}

/**
 * The language the browser's speech recognition listens in: the page's, with the visitor's own
 * region when theirs is a variant of it (en-GB for an English page read in Britain), else the
 * page's code itself ('pt-BR', 'ja').
 */
export function recognitionLanguage(page: string, browser: string | undefined): string {
  const base = (code: string) => code.toLowerCase().split('-')[0];
  if (!browser || base(browser) !== base(page)) return page === 'en' ? 'en-US' : page;
  // A page in a regional variant (pt-BR) keeps it; a page in a plain language takes the visitor's region.
  return page.includes('-') ? page : browser;
}

/** The language the server's transcription is told (ISO-639-1, as `/audio/transcriptions` takes it): 'pt-BR' → 'pt'. */
export const transcriptionLanguage = (page: string): string => page.split('-')[0]?.toLowerCase() ?? page;

/** "0:07", "1:05", "10:00". */
export function elapsedLabel(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** What to tell the person when the microphone or the transcription failed. */
export function voiceFailureMessage(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'not-allowed')
    return t('Microphone access was denied. Allow it in your browser’s site settings and try again.');
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'audio-capture')
    return t('No microphone was found. Connect one and try again.');
  if (name === 'NotReadableError')
    return t('The microphone is in use by another app. Close it and try again.');
  if (name === 'no-speech') return t('No speech was heard. Try again a little closer to the microphone.');
  if (name === 'network') return t('Speech recognition needs a network connection. Try again when online.');
  if (error instanceof Error && 'status' in error && error.message) return error.message;
  if (error instanceof TypeError)
    return t('Could not reach the server. Check your connection and try again.');
  return t('Voice input failed. Please try again.');
}

/**
 * What "Read aloud" reads of an answer written in Markdown: its words, not its syntax (code blocks
 * are named, links read by their text, marks dropped), cut at SPEECH_MAX_CHARS on a sentence end.
 */
export function speakableText(markdown: string): string {
  const text = markdown
    .replace(/```[\s\S]*?(```|$)/g, ' (code) ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/(\*\*|__|\*|_|~~)(?=\S)([^*_~]+?)\1/g, '$2')
    .replace(/\[\^?\d+\]/g, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{2,}/g, '\n')
    .trim();
  if (text.length <= SPEECH_MAX_CHARS) return text;
  const cut = text.slice(0, SPEECH_MAX_CHARS);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('\n'));
  return (end > SPEECH_MAX_CHARS / 2 ? cut.slice(0, end + 1) : cut).trim();
}

/** Dictated text after what is already in the box (a space between), so nothing typed is lost. */
export function withDictation(current: string, dictated: string): string {
  const said = dictated.trim();
  if (!said) return current;
  return current.trim() === '' ? said : `${current.replace(/\s+$/, '')} ${said}`;
}

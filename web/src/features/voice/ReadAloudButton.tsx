import { IconButton } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import { LuSquare, LuVolume2 } from 'react-icons/lu';
import { notifyError } from '../../components/toaster';
import { ApiError } from '../../lib/api';
import { t, useT } from '../../lib/i18n';
import { loadVoiceConfig, useVoiceConfig } from './voiceConfig';
import { speakableText, voiceFailureMessage } from './voiceRules';

/**
 * What is being read aloud on this page (one answer at a time: starting another stops it), by the
 * server's speech (`POST /api/audio/speech`, api/src/modules/voice) when it has some, else by the
 * browser's speechSynthesis.
 */
let reading: { key: string; stop: () => void } | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function stopReading() {
  const was = reading;
  reading = null;
  was?.stop();
  changed();
}

async function serverSpeech(text: string, messageId: string, key: string) {
  let audio: HTMLAudioElement | null = null;
  let url: string | null = null;
  let stopped = false;
  reading = {
    key,
    stop: () => {
      stopped = true;
      audio?.pause();
      if (url) URL.revokeObjectURL(url);
    },
  };
  changed();
  const response = await fetch('/api/audio/speech', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ text, messageId }),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
    throw new ApiError(response.status, body.message ?? t('Reading aloud failed, try again'), body.code);
  }
  const blob = await response.blob();
  if (stopped) return;
  url = URL.createObjectURL(blob);
  audio = new Audio(url);
  const done = () => {
    if (reading?.key === key) stopReading();
  };
  audio.onended = done;
  audio.onerror = done;
  await audio.play();
}

function browserSpeech(text: string, key: string) {
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = document.documentElement.lang || navigator.language || 'en-US';
  const done = () => {
    if (reading?.key === key) stopReading();
  };
  utterance.onend = done;
  utterance.onerror = done;
  reading = { key, stop: () => window.speechSynthesis.cancel() };
  changed();
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(utterance);
}

async function readAloud(markdown: string, messageId: string) {
  stopReading();
  const text = speakableText(markdown);
  if (!text) return;
  const config = await loadVoiceConfig();
  try {
    if (config.speech) await serverSpeech(text, messageId, messageId);
    else browserSpeech(text, messageId);
  } catch (error) {
    if (reading?.key === messageId) stopReading();
    notifyError(t('Read aloud'), voiceFailureMessage(error));
  }
}

/** "Read aloud" on a complete answer; Stop while it plays. Hidden where neither the server nor the browser can speak. */
export function ReadAloudButton({ markdown, messageId }: { markdown: string; messageId: string }) {
  const t = useT();
  const playing = useSyncExternalStore(
    subscribe,
    () => reading?.key === messageId,
    () => false,
  );
  const config = useVoiceConfig();
  const browserCan = typeof window !== 'undefined' && 'speechSynthesis' in window;
  if (!browserCan && !config?.speech) return null;
  return (
    <IconButton
      aria-label={playing ? t('Stop reading aloud') : t('Read aloud')}
      title={playing ? t('Stop reading aloud') : t('Read aloud')}
      aria-pressed={playing}
      size="xs"
      variant={playing ? 'subtle' : 'ghost'}
      onClick={() => (playing ? stopReading() : void readAloud(markdown, messageId))}
    >
      {playing ? <LuSquare /> : <LuVolume2 />}
    </IconButton>
  );
}

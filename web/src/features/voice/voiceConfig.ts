import { useEffect, useState } from 'react';
import { apiGet } from '../../lib/api';
import type { VoiceConfig } from './voiceRules';

/**
 * What the server's voice features can do (`GET /api/audio/config`), asked once per page load:
 * it changes only when the operator restarts the server with other settings. A failure counts as
 * "nothing": the browser's own recognition and synthesis then serve where they exist.
 */
let asked: Promise<VoiceConfig> | null = null;

export function loadVoiceConfig(): Promise<VoiceConfig> {
  asked ??= apiGet<VoiceConfig>('/api/audio/config').catch(() => {
    asked = null;
    return { transcription: false, speech: false };
  });
  return asked;
}

/** The server's voice features, null until known. */
export function useVoiceConfig(): VoiceConfig | null {
  const [config, setConfig] = useState<VoiceConfig | null>(null);
  useEffect(() => {
    let live = true;
    void loadVoiceConfig().then((c) => {
      if (live) setConfig(c);
    });
    return () => {
      live = false;
    };
  }, []);
  return config;
}

/** The browser's speech recognizer's constructor, where it has one (Chrome, Edge, Safari). */
export function speechRecognitionClass(): (new () => BrowserRecognition) | null {
  const w = window as unknown as {
    SpeechRecognition?: new () => BrowserRecognition;
    webkitSpeechRecognition?: new () => BrowserRecognition;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/** The part of the Web Speech API's SpeechRecognition used here (TypeScript's DOM types lack it). */
export interface BrowserRecognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult:
    | ((event: {
        resultIndex: number;
        results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
      }) => void)
    | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

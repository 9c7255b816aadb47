import { Button, HStack, IconButton, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { LuMic, LuMicOff, LuSquare, LuX } from 'react-icons/lu';
import { notify, notifyError } from '../../components/toaster';
import { apiPostForm } from '../../lib/api';
import { useLanguage, useT } from '../../lib/i18n';
import { type BrowserRecognition, speechRecognitionClass, useVoiceConfig } from './voiceConfig';
import {
  elapsedLabel,
  NO_VOICE_INPUT,
  RECORDING_MAX_MS,
  recognitionLanguage,
  recorderTypeOf,
  transcriptionLanguage,
  voiceFailureMessage,
  voiceInputMode,
} from './voiceRules';

type Phase =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'recording'; startedAt: number }
  | { kind: 'transcribing' };

/**
 * The composer's microphone: records with MediaRecorder and transcribes through the server
 * (`POST /api/audio/transcriptions`, api/src/modules/voice) when it has speech-to-text, else listens
 * with the browser's own SpeechRecognition where there is one, else says what the operator must set.
 * While recording: the elapsed time on a Stop button, a Cancel button, and Escape cancels. The text
 * heard goes to `onText` (the composer appends it to what is typed: nothing is lost).
 */
export function MicButton({ onText }: { onText: (text: string) => void }) {
  const t = useT();
  // Both ways listen in the page's language (voiceRules.ts).
  const language = useLanguage();
  const config = useVoiceConfig();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [now, setNow] = useState(0);
  const [said, setSaid] = useState('');
  const stopButton = useRef<HTMLButtonElement>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const recognition = useRef<BrowserRecognition | null>(null);
  const cancelled = useRef(false);

  const Recognition = typeof window === 'undefined' ? null : speechRecognitionClass();
  const mode = voiceInputMode(config ?? { transcription: false, speech: false }, {
    mediaRecorder: typeof MediaRecorder !== 'undefined' && !!navigator.mediaDevices?.getUserMedia,
    recognition: Recognition !== null,
  });

  const fail = (error: unknown) => {
    setPhase({ kind: 'idle' });
    const message = voiceFailureMessage(error);
    setSaid(message);
    notifyError(t('Voice input'), message);
  };

  const transcribe = async (blob: Blob) => {
    setPhase({ kind: 'transcribing' });
    setSaid(t('Transcribing…'));
    try {
      const form = new FormData();
      const ext = blob.type.includes('ogg') ? 'ogg' : blob.type.includes('mp4') ? 'm4a' : 'webm';
      form.append('language', transcriptionLanguage(language));
      form.append('file', blob, `recording.${ext}`);
      const { text } = await apiPostForm<{ text: string }>('/api/audio/transcriptions', form);
      setPhase({ kind: 'idle' });
      if (text.trim()) {
        onText(text);
        setSaid(t('Transcribed text added to the message'));
      } else {
        setSaid(t('No speech was heard'));
        notify('info', t('No speech was heard'), t('Try again a little closer to the microphone.'));
      }
    } catch (error) {
      fail(error);
    }
  };

  const startServer = async () => {
    setPhase({ kind: 'starting' });
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      fail(error);
      return;
    }
    const mimeType = recorderTypeOf((t) => MediaRecorder.isTypeSupported(t));
    const rec = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    rec.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    rec.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      recorder.current = null;
      if (cancelled.current) {
        setPhase({ kind: 'idle' });
        setSaid(t('Recording cancelled'));
        return;
      }
      void transcribe(new Blob(chunks, { type: rec.mimeType || mimeType || 'audio/webm' }));
    };
    recorder.current = rec;
    cancelled.current = false;
    rec.start(1000);
    begin();
  };

  const startBrowser = () => {
    if (!Recognition) return;
    const rec = new Recognition();
    rec.lang = recognitionLanguage(language, navigator.language);
    rec.continuous = true;
    rec.interimResults = false;
    let heard = '';
    rec.onresult = (event) => {
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i]!;
        if (result.isFinal) heard += `${result[0]?.transcript ?? ''} `;
      }
    };
    let failed = false;
    rec.onerror = (event) => {
      if (event.error === 'aborted') return;
      failed = true;
      fail(Object.assign(new Error(event.error), { name: event.error }));
    };
    rec.onend = () => {
      recognition.current = null;
      if (failed) return;
      setPhase({ kind: 'idle' });
      if (cancelled.current) setSaid(t('Recording cancelled'));
      else if (heard.trim()) {
        onText(heard);
        setSaid(t('Dictated text added to the message'));
      } else setSaid(t('No speech was heard'));
    };
    recognition.current = rec;
    cancelled.current = false;
    try {
      rec.start();
    } catch (error) {
      fail(error);
      return;
    }
    begin();
  };

  const begin = () => {
    const startedAt = Date.now();
    setNow(startedAt);
    setPhase({ kind: 'recording', startedAt });
    setSaid(t('Recording. Press Escape to cancel.'));
    requestAnimationFrame(() => stopButton.current?.focus());
  };

  const stop = (cancel: boolean) => {
    cancelled.current = cancel;
    if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
    if (recognition.current) {
      if (cancel) recognition.current.abort();
      else recognition.current.stop();
    }
  };

  const stopFromEffect = useEffectEvent(stop);

  // The elapsed time, and the ten-minute stop (the api's limit).
  const recording = phase.kind === 'recording';
  useEffect(() => {
    if (phase.kind !== 'recording') return;
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t - phase.startedAt >= RECORDING_MAX_MS) stopFromEffect(false);
    }, 250);
    return () => window.clearInterval(timer);
  }, [phase]);

  // Escape cancels from anywhere on the page while recording.
  useEffect(() => {
    if (!recording) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      stopFromEffect(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [recording]);

  // Leaving the chat mid-recording lets the microphone go.
  useEffect(
    () => () => {
      cancelled.current = true;
      recorder.current?.stop();
      recognition.current?.abort();
    },
    [],
  );

  const status = (
    <VisuallyHidden role="status" aria-live="polite">
      {said}
    </VisuallyHidden>
  );

  if (phase.kind === 'recording') {
    const elapsed = elapsedLabel(now - phase.startedAt);
    return (
      <HStack gap="1" flexShrink={0}>
        <Button
          ref={stopButton}
          colorPalette="red"
          variant="subtle"
          px="2.5"
          aria-label={t('Stop recording ({elapsed})', { elapsed })}
          title={t('Stop and transcribe')}
          onClick={() => stop(false)}
          fontVariantNumeric="tabular-nums"
          data-testid="recording"
        >
          <LuSquare aria-hidden="true" />
          {elapsed}
        </Button>
        <IconButton
          aria-label={t('Cancel recording')}
          title={t('Cancel (Esc)')}
          variant="ghost"
          size="sm"
          onClick={() => stop(true)}
        >
          <LuX />
        </IconButton>
        {status}
      </HStack>
    );
  }

  if (config !== null && mode === 'none') {
    return (
      <>
        <IconButton
          aria-label={t('Voice input (not set up)')}
          title={t(NO_VOICE_INPUT)}
          variant="ghost"
          color="fg.muted"
          onClick={() => {
            setSaid(t(NO_VOICE_INPUT));
            notify('info', t('Voice input is not available'), t(NO_VOICE_INPUT));
          }}
        >
          <LuMicOff />
        </IconButton>
        {status}
      </>
    );
  }

  return (
    <>
      <IconButton
        aria-label={t('Voice input')}
        title={mode === 'browser' ? t('Dictate (your browser’s speech recognition)') : t('Dictate a message')}
        variant="ghost"
        loading={config === null || phase.kind === 'starting' || phase.kind === 'transcribing'}
        onClick={() => (mode === 'server' ? void startServer() : startBrowser())}
      >
        <LuMic />
      </IconButton>
      {status}
    </>
  );
}

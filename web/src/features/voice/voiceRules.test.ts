import { describe, expect, it } from 'vitest';
import {
  elapsedLabel,
  recognitionLanguage,
  recorderTypeOf,
  SPEECH_MAX_CHARS,
  speakableText,
  transcriptionLanguage,
  voiceFailureMessage,
  voiceInputMode,
  withDictation,
} from './voiceRules';

describe('voice rules', () => {
  it("listens in the page's language, with the visitor's region when it is a variant of it", () => {
    expect(recognitionLanguage('en', 'en-GB')).toBe('en-GB');
    expect(recognitionLanguage('en', 'de-DE')).toBe('en-US');
    expect(recognitionLanguage('en', undefined)).toBe('en-US');
    expect(recognitionLanguage('de', 'de-AT')).toBe('de-AT');
    expect(recognitionLanguage('ja', 'en-US')).toBe('ja');
    expect(recognitionLanguage('pt-BR', 'pt-PT')).toBe('pt-BR');
    expect(recognitionLanguage('pt-BR', 'pt-BR')).toBe('pt-BR');
  });

  it('tells the server transcription the two-letter code', () => {
    expect(['en', 'es', 'fr', 'de', 'pt-BR', 'ja'].map(transcriptionLanguage)).toEqual([
      'en',
      'es',
      'fr',
      'de',
      'pt',
      'ja',
    ]);
  });

  it('prefers the server, then the browser, else explains', () => {
    const both = { mediaRecorder: true, recognition: true };
    expect(voiceInputMode({ transcription: true, speech: false }, both)).toBe('server');
    expect(voiceInputMode({ transcription: false, speech: false }, both)).toBe('browser');
    expect(
      voiceInputMode({ transcription: true, speech: false }, { mediaRecorder: false, recognition: true }),
    ).toBe('browser');
    expect(
      voiceInputMode({ transcription: false, speech: true }, { mediaRecorder: true, recognition: false }),
    ).toBe('none');
  });

  it('records in a format the api takes', () => {
    expect(recorderTypeOf(() => true)).toBe('audio/webm;codecs=opus');
    expect(recorderTypeOf((t) => t === 'audio/mp4')).toBe('audio/mp4');
    expect(recorderTypeOf(() => false)).toBeUndefined();
  });

  it('words elapsed time and failures', () => {
    expect(elapsedLabel(0)).toBe('0:00');
    expect(elapsedLabel(7_900)).toBe('0:07');
    expect(elapsedLabel(600_000)).toBe('10:00');
    expect(voiceFailureMessage(new DOMException('x', 'NotAllowedError'))).toMatch(/denied/);
    expect(voiceFailureMessage(new DOMException('x', 'NotFoundError'))).toMatch(/No microphone/);
    const apiError = Object.assign(new Error('Transcription failed, try again'), { status: 502 });
    expect(voiceFailureMessage(apiError)).toBe('Transcription failed, try again');
    expect(voiceFailureMessage(new TypeError('Failed to fetch'))).toMatch(/reach the server/);
    expect(voiceFailureMessage('??')).toBe('Voice input failed. Please try again.');
  });

  it('reads words, not Markdown, within the limit', () => {
    expect(speakableText('# Title\n\n**Bold** and `code` and [a link](https://x.y).\n\n- one\n- two')).toBe(
      'Title\nBold and code and a link.\none\ntwo',
    );
    expect(speakableText('See:\n```js\nlet x = 1;\n```\nDone [1]')).toBe('See:\n (code) \nDone');
    const long = 'A sentence here. '.repeat(400);
    const cut = speakableText(long);
    expect(cut.length).toBeLessThanOrEqual(SPEECH_MAX_CHARS);
    expect(cut.endsWith('.')).toBe(true);
  });

  it('keeps what was typed when dictation arrives', () => {
    expect(withDictation('', ' hello ')).toBe('hello');
    expect(withDictation('Draft so far  ', 'and more')).toBe('Draft so far and more');
    expect(withDictation('kept', '   ')).toBe('kept');
  });
});

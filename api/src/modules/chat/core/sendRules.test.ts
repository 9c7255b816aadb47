import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors.ts';
import { defaultAssistant, findAssistant } from './catalogue.ts';
import type { ProviderProfile } from './models.ts';
import {
  addressedAssistant,
  checkPrompt,
  countedFeatures,
  imageRefusal,
  regenerationIsCharged,
  titleAfterPrompt,
  usedFeature,
} from './sendRules.ts';
import { DEFAULT_TITLE } from './title.ts';

const assistant = (id: string) => findAssistant(id)!;
const profile = (over: Partial<ProviderProfile>): ProviderProfile => ({
  assistantId: 'claude',
  baseURL: 'https://example.test/v1',
  model: 'm',
  systemPrompt: '',
  vision: true,
  timeoutMs: 1000,
  idleTimeoutMs: 1000,
  streamUsage: true,
  tools: false,
  ...over,
});

/** The message of a bad-input refusal, or undefined when `run` does not throw one. */
function refusal(run: () => unknown): string | undefined {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe('BAD_USER_INPUT');
    return (e as AppError).message;
  }
  return undefined;
}

describe('checkPrompt', () => {
  it('trims the text and finds its leading @command', () => {
    expect(checkPrompt('  hello  ', undefined)).toEqual({ text: 'hello', commanded: undefined });
    const { text, commanded } = checkPrompt('@claude write a poem\n', 'gpt');
    expect(text).toBe('@claude write a poem');
    expect(commanded?.id).toBe('claude');
  });

  it('refuses an empty prompt', () => {
    expect(refusal(() => checkPrompt('', undefined))).toBe('Message cannot be empty');
    expect(refusal(() => checkPrompt(' \n\t ', 'gpt'))).toBe('Message cannot be empty');
  });

  it('sends @video, typed or picked, to the video generator instead of the chat', () => {
    const message = '@video opens the video generator; it does not answer in the chat';
    expect(refusal(() => checkPrompt('@video a cat surfing', undefined))).toBe(message);
    expect(refusal(() => checkPrompt('a cat surfing', 'video'))).toBe(message);
    // A typed command wins over the picked assistant.
    expect(refusal(() => checkPrompt('@gpt a cat surfing', 'video'))).toBeUndefined();
  });

  it('refuses a command with nothing after it', () => {
    expect(refusal(() => checkPrompt('@image', undefined))).toBe('Add a message after @image');
    expect(refusal(() => checkPrompt('@Claude   ', undefined))).toBe('Add a message after @claude');
  });

  it('takes an unknown @word as text', () => {
    expect(checkPrompt('@someone hi', undefined)).toEqual({ text: '@someone hi', commanded: undefined });
  });
});

describe('addressedAssistant', () => {
  it('takes the command first, then the pick, then the chat’s, then the default', () => {
    expect(addressedAssistant(assistant('code'), 'claude', 'grok').id).toBe('code');
    expect(addressedAssistant(undefined, 'claude', 'grok').id).toBe('claude');
    expect(addressedAssistant(undefined, undefined, 'grok').id).toBe('grok');
    expect(addressedAssistant(undefined, undefined, null)).toBe(defaultAssistant);
  });

  it('passes over ids that are not in the catalogue', () => {
    expect(addressedAssistant(undefined, 'retired', 'study').id).toBe('study');
    expect(addressedAssistant(undefined, null, 'retired')).toBe(defaultAssistant);
  });
});

describe('imageRefusal', () => {
  it('lets a chat assistant that can see, or answers offline, take images', () => {
    expect(imageRefusal(assistant('gpt'), () => profile({ apiKey: 'k', vision: true }))).toBeNull();
    expect(imageRefusal(assistant('claude'), () => undefined)).toBeNull();
    expect(imageRefusal(assistant('claude'), () => profile({ vision: false }))).toBeNull();
  });

  it('refuses images for a model configured without vision', () => {
    expect(imageRefusal(assistant('grok'), () => profile({ apiKey: 'k', vision: false }))?.message).toBe(
      "Grok can't see images. Switch to an assistant that can, such as GPT or Gemini.",
    );
  });

  it('refuses images for the image assistant without reading its profile', () => {
    let read = false;
    const refused = imageRefusal(assistant('image'), () => {
      read = true;
      return undefined;
    });
    expect(refused?.message).toBe("Image Generator can't take images; attach them for a chat assistant");
    expect(read).toBe(false);
  });
});

describe('what a prompt counts against', () => {
  it('counts a picture for @image and a prompt otherwise', () => {
    expect(usedFeature(assistant('image'))).toBe('image_generation');
    expect(usedFeature(assistant('gpt'))).toBe('prompts');
    expect(usedFeature(assistant('study'))).toBe('prompts');
  });

  it('adds image analysis when the prompt has images', () => {
    expect(countedFeatures(assistant('gpt'), 0)).toEqual(['prompts']);
    expect(countedFeatures(assistant('gpt'), 3)).toEqual(['prompts', 'image_analysis']);
    expect(countedFeatures(assistant('image'), 0)).toEqual(['image_generation']);
  });
});

describe('titleAfterPrompt', () => {
  it('titles a new chat after its first prompt', () => {
    expect(titleAfterPrompt(DEFAULT_TITLE, '@image a blue bird\nwith wings', true)).toBe('a blue bird');
  });

  it('titles a chat still called New Chat after any prompt', () => {
    expect(titleAfterPrompt(DEFAULT_TITLE, 'second prompt', false)).toBe('second prompt');
  });

  it('keeps a chat’s own title further along its path', () => {
    expect(titleAfterPrompt('Trip to Rome', 'and Naples?', false)).toBe('Trip to Rome');
  });

  it('retitles a chat whose path starts again with this prompt', () => {
    expect(titleAfterPrompt('Old title', 'a fresh start', true)).toBe('a fresh start');
  });

  it('keeps the title when the prompt leaves none', () => {
    expect(titleAfterPrompt('Kept', '@claude \n', true)).toBe('Kept');
  });

  it('cuts a long first line', () => {
    expect(titleAfterPrompt(DEFAULT_TITLE, 'x'.repeat(50), true)).toBe(`${'x'.repeat(40)}...`);
  });
});

describe('regenerationIsCharged', () => {
  it('charges another version of an answer the user got, not a retry of a failed one', () => {
    expect(regenerationIsCharged('complete')).toBe(true);
    expect(regenerationIsCharged('stopped')).toBe(true);
    expect(regenerationIsCharged('error')).toBe(false);
    expect(regenerationIsCharged('streaming')).toBe(false);
  });
});

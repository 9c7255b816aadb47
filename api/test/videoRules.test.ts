import {
  detectDuration,
  estimatedRemainingSeconds,
  postSlugOf,
  postTitleOf,
  remainingSeconds,
} from '@chorus/shared/videoRules';
import { describe, expect, it } from 'vitest';
import { titleFromMessage } from '../src/modules/chat/core/title.ts';

/**
 * Spec §5: "12 seconds" or a long/longer/extended video/clip gives 12, "8 seconds" 8, "4 seconds" or
 * a short/quick/brief video/clip 4, nothing 4; the phrase and a leading @video leave the prompt. And
 * the rules a first-time user tripped over (Step 8): duration phrases removed with the words that
 * hang on them, lengths the service can't make said out loud, titles without stray dots or commands.
 */
describe('duration phrases leave a prompt that reads naturally', () => {
  it.each([
    ['@video a cat surfing, 12 seconds', '12', 'a cat surfing'],
    ['12 seconds of fireworks', '12', 'fireworks'],
    ['a long clip of traffic', '12', 'traffic'],
    ['a longer video of the tide', '12', 'the tide'],
    ['a longer clip of a waterfall', '12', 'a waterfall'],
    ['an extended video of clouds', '12', 'clouds'],
    ['city lights 8 seconds', '8', 'city lights'],
    ['a short video of a bee', '4', 'a bee'],
    ['a quick clip of a hummingbird', '4', 'a hummingbird'],
    ['a brief video of lightning', '4', 'lightning'],
    ['@video a short clip of a cat 4 seconds', '4', 'a cat'],
    ['@video a tiny robot 4 seconds', '4', 'a tiny robot'],
    ['sunset over mountains in 12 seconds', '12', 'sunset over mountains'],
    ['a long video of the sea', '12', 'the sea'],
    ['an extended clip of rain', '12', 'rain'],
    ['a 8-second video of city lights', '8', 'city lights'],
    ['city lights, 8 seconds long', '8', 'city lights'],
    ['a quick video of a dog', '4', 'a dog'],
    ['sunrise, 4 seconds', '4', 'sunrise'],
    ['4 seconds of waves on a beach', '4', 'waves on a beach'],
    ['a brief clip: snow', '4', 'snow'],
    ['@video mountains at dawn', '4', 'mountains at dawn'],
    ['a fox running for 8 seconds through snow', '8', 'a fox running through snow'],
    ['the 1980s arcade with 5 cats', '4', 'the 1980s arcade with 5 cats'],
  ])('%s → %s s, "%s"', (raw, duration, prompt) => {
    const detected = detectDuration(raw);
    expect(detected.duration).toBe(duration);
    expect(detected.prompt).toBe(prompt);
  });

  it('says which phrase set the length, and when none did', () => {
    expect(detectDuration('a cat, 8 seconds').phrase).toBe('8 seconds');
    expect(detectDuration('a short clip of a cat').phrase).toBe('short clip');
    expect(detectDuration('a cat').phrase).toBeNull();
  });

  it('reads lengths the service cannot make, removes them, and picks the nearest it can', () => {
    expect(detectDuration('@video waves crashing, 20 seconds')).toMatchObject({
      duration: '12',
      prompt: 'waves crashing',
      requestedSeconds: 20,
    });
    expect(detectDuration('a 1 minute video of a storm')).toMatchObject({
      duration: '12',
      prompt: 'a storm',
      requestedSeconds: 60,
    });
    expect(detectDuration('a bird in 6 seconds')).toMatchObject({ duration: '4', requestedSeconds: 6 });
    expect(detectDuration('a bird in 10 seconds')).toMatchObject({ duration: '8', requestedSeconds: 10 });
    // Lengths the service makes are no request to explain.
    expect(detectDuration('a bird, 8 seconds').requestedSeconds).toBeNull();
    // A provider that only makes 4 and 8 s clips turns "12 seconds" into 8.
    expect(detectDuration('a bird, 12 seconds', ['4', '8'])).toMatchObject({
      duration: '8',
      requestedSeconds: 12,
      prompt: 'a bird',
    });
  });
});

describe('post titles', () => {
  it('titles and slugs posts as the spec says', () => {
    const prompt = 'A golden retriever surfing a huge wave at sunset, cinematic and slow';
    expect(postTitleOf(prompt)).toBe('A golden retriever surfing a huge wave at sunset...');
    expect(postSlugOf(postTitleOf(prompt), 1700000000000)).toBe(
      'a-golden-retriever-surfing-a-huge-wave-at-sunset-1700000000000',
    );
    expect(postTitleOf('Short')).toBe('Short');
  });

  it('end in "..." only when the prompt was cut at 50 characters', () => {
    expect(postTitleOf('sunset over mountains')).toBe('sunset over mountains');
    const long = 'A golden retriever surfing a huge wave at sunset, cinematic and slow';
    expect(postTitleOf(long)).toBe('A golden retriever surfing a huge wave at sunset...');
    expect(postTitleOf('x'.repeat(50))).toBe('x'.repeat(50));
    expect(postSlugOf(postTitleOf('sunset over mountains'), 1700000000000)).toBe(
      'sunset-over-mountains-1700000000000',
    );
  });
});

describe('chat auto titles', () => {
  it.each([
    ['@image a blue bird', 'a blue bird'],
    ['@study photosynthesis', 'photosynthesis'],
    ['@claude explain monads', 'explain monads'],
    ['@VIDEO a cat', 'a cat'],
    ['@code fix this loop', 'fix this loop'],
    ['email me @gpt later', 'email me @gpt later'],
  ])('%s → %s', (text, title) => {
    expect(titleFromMessage(text)).toBe(title);
  });
});

describe('time left', () => {
  it('is, by the spec, duration × 10 s × the fraction left', () => {
    expect(remainingSeconds(8, 0)).toBe(80);
    expect(remainingSeconds(8, 75)).toBe(20);
    expect(remainingSeconds(12, 100)).toBe(0);
  });

  it('comes from the measured render time when there is one, else duration × 10 s', () => {
    expect(estimatedRemainingSeconds({ seconds: 4, progress: 50, renderSeconds: 6 })).toBe(3);
    expect(estimatedRemainingSeconds({ seconds: 4, progress: 0, renderSeconds: null })).toBe(40);
    expect(estimatedRemainingSeconds({ seconds: 8, progress: 100, renderSeconds: 30 })).toBe(0);
  });
});

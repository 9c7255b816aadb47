import { detectDuration, durationNote } from '@chorus/shared/videoRules';
import { describe, expect, it } from 'vitest';

describe('duration phrases against what the chosen model makes', () => {
  it.each([
    ['a fox, 12 seconds', ['4', '6', '8'], '8', '8 s: the longest this model makes'],
    ['a long video of rain', ['5', '9'], '9', '9 s: the longest this model makes'],
    ['a short clip of a cat', ['5', '10'], '5', '5 s: the shortest this model makes'],
    ['a fox in 7 seconds', ['5', '10'], '5', '5 s: the nearest this model makes'],
    ['a fox, 8 seconds', ['4', '6', '8'], '8', null],
    ['a fox', ['5', '10'], '5', null],
  ])('%s with %j → %s s (%s)', (prompt, durations, duration, note) => {
    const detected = detectDuration(prompt, durations);
    expect(detected.duration).toBe(duration);
    expect(durationNote(detected, durations)).toBe(note);
  });
});

import { describe, expect, it } from 'vitest';
import {
  allowanceLine,
  chosenModel,
  detectedFrom,
  dialogPhase,
  dialogTitle,
  durationLine,
  enhancedLine,
  isOutOfVideos,
  modelsFor,
  progressLabel,
  roughly,
  savedLine,
  shareHint,
  sizeFor,
  sourceLine,
  takesLine,
  timeLeft,
  unavailableLine,
  videoRequestOf,
} from './videoDialogRules';

const DURATIONS = ['4', '8', '12'];

describe('models and sizes', () => {
  const models = [
    { id: 'a', imageInput: false },
    { id: 'b', imageInput: true },
  ];

  it('offers only the models that start from a picture when there is one', () => {
    expect(modelsFor(models, null).map((m) => m.id)).toEqual(['a', 'b']);
    expect(modelsFor(models, { url: '/media/x.png' }).map((m) => m.id)).toEqual(['b']);
  });

  it('takes the chosen model, else the first', () => {
    expect(chosenModel(models, 'b')?.id).toBe('b');
    expect(chosenModel(models, '')?.id).toBe('a');
    expect(chosenModel(models, 'gone')?.id).toBe('a');
    expect(chosenModel([], 'a')).toBeUndefined();
  });

  it('keeps the chosen size when the model makes it, else uses its first', () => {
    expect(sizeFor(['1280x720', '720x1280'], '720x1280')).toBe('720x1280');
    expect(sizeFor(['1920x1080'], '720x1280')).toBe('1920x1080');
    expect(sizeFor(undefined, '720x1280')).toBe('1280x720');
    expect(sizeFor([], '720x1280')).toBe('1280x720');
  });
});

describe('detectedFrom', () => {
  it('is null before the dialog has a prompt', () => {
    expect(detectedFrom(null, 'a cat 8 seconds', DURATIONS)).toBeNull();
  });

  it('reads the length from the message', () => {
    expect(detectedFrom('@video a cat surfing, 8 seconds', null, DURATIONS)).toMatchObject({
      duration: '8',
      prompt: 'a cat surfing',
      phrase: '8 seconds',
    });
  });

  it('lets a length written into the edited prompt win', () => {
    expect(detectedFrom('a cat, 8 seconds', 'a dog, 12 seconds', DURATIONS)).toMatchObject({
      duration: '12',
      prompt: 'a dog',
      phrase: '12 seconds',
    });
  });

  it("keeps the message's length when the edit names none, with the edited prompt", () => {
    expect(detectedFrom('a cat, 8 seconds', 'a fluffy cat', DURATIONS)).toMatchObject({
      duration: '8',
      prompt: 'a fluffy cat',
      phrase: '8 seconds',
    });
  });

  it('says which length was asked for when the model does not make it', () => {
    expect(detectedFrom('a cat, 20 seconds', null, DURATIONS)).toMatchObject({
      duration: '12',
      requestedSeconds: 20,
    });
  });
});

describe('isOutOfVideos', () => {
  it('is true only for a limited plan with nothing left', () => {
    expect(isOutOfVideos(undefined)).toBe(false);
    expect(isOutOfVideos({ limit: null, remaining: null })).toBe(false);
    expect(isOutOfVideos({ limit: 5, remaining: 1 })).toBe(false);
    expect(isOutOfVideos({ limit: 5, remaining: 0 })).toBe(true);
    expect(isOutOfVideos({ limit: 5, remaining: null })).toBe(true);
  });
});

describe('videoRequestOf', () => {
  const base = {
    prompt: '@video a cat',
    edited: null,
    duration: '8',
    size: '1280x720',
    share: true,
    model: 'm',
  };

  it('carries the post a remix is made from ("Make one like this"), and nothing otherwise', () => {
    expect(videoRequestOf({ ...base, image: null, remixOf: 'post-1' }).remixOf).toBe('post-1');
    expect('remixOf' in videoRequestOf({ ...base, image: null, remixOf: null })).toBe(false);
    // Its poster as the start picture: the server copies it (no imageUrl of someone else's file).
    const poster = videoRequestOf({
      ...base,
      image: { url: '/media/p.jpg', remixPoster: true },
      remixOf: 'post-1',
    });
    expect(poster).toMatchObject({ remixOf: 'post-1', remixPoster: true, imageUrl: undefined });
    expect(sourceLine({ url: '/media/p.jpg', remixPoster: true })).toBe(
      "Starts from the original video's poster",
    );
  });

  it('sends the message, or the edited prompt when there is one', () => {
    expect(videoRequestOf({ ...base, image: null })).toEqual({
      prompt: '@video a cat',
      duration: '8',
      size: '1280x720',
      isPublic: true,
      model: 'm',
      imageFileId: undefined,
      imageUrl: undefined,
      frameVideoId: undefined,
      frameSeconds: undefined,
    });
    expect(videoRequestOf({ ...base, edited: 'a dog', image: null }).prompt).toBe('a dog');
  });

  it('sends a picture as a file id, a /media address, or a frame of a video', () => {
    expect(videoRequestOf({ ...base, image: { url: 'blob:x', fileId: 'f1' } })).toMatchObject({
      imageFileId: 'f1',
      imageUrl: undefined,
    });
    expect(videoRequestOf({ ...base, image: { url: '/media/a.png' } })).toMatchObject({
      imageFileId: undefined,
      imageUrl: '/media/a.png',
    });
    expect(
      videoRequestOf({ ...base, image: { url: 'data:x', frame: { videoId: 'v1', seconds: 1.5 } } }),
    ).toMatchObject({ imageUrl: undefined, frameVideoId: 'v1', frameSeconds: 1.5 });
  });
});

describe('timeLeft', () => {
  it("estimates from the model's render time when the provider gives no percentage", () => {
    expect(
      timeLeft({ status: 'in_progress', progress: 0, seconds: 8, renderSeconds: 60, elapsed: 20 }),
    ).toEqual({
      seconds: 40,
      estimated: true,
    });
    expect(
      timeLeft({ status: 'in_progress', progress: 0, seconds: 8, renderSeconds: 60, elapsed: 90 }),
    ).toEqual({
      seconds: 0,
      estimated: true,
    });
  });

  it('follows the percentage otherwise', () => {
    expect(
      timeLeft({ status: 'in_progress', progress: 50, seconds: 8, renderSeconds: 60, elapsed: 5 }),
    ).toEqual({
      seconds: 30,
      estimated: false,
    });
    // Without a render time: the video's length × 10 s × the fraction left.
    expect(
      timeLeft({ status: 'queued', progress: 0, seconds: 8, renderSeconds: undefined, elapsed: 5 }),
    ).toEqual({ seconds: 80, estimated: false });
  });
});

describe('dialogPhase and title', () => {
  it('moves from confirm through running to its end', () => {
    expect(dialogPhase(false, null)).toBe('confirm');
    expect(dialogPhase(true, null)).toBe('running');
    expect(dialogPhase(true, { status: 'in_progress' })).toBe('running');
    // Completed but without its address yet: still running.
    expect(dialogPhase(true, { status: 'completed', videoUrl: null })).toBe('running');
    expect(dialogPhase(true, { status: 'completed', videoUrl: '/media/v.mp4' })).toBe('finished');
    expect(dialogPhase(true, { status: 'failed' })).toBe('failed');
    expect(dialogPhase(true, { status: 'failed', cancelled: true })).toBe('cancelled');
  });

  it('titles each phase', () => {
    expect(dialogTitle('confirm')).toBe('Create a video');
    expect(dialogTitle('running')).toBe('Generating video');
    expect(dialogTitle('failed')).toBe('Generating video');
    expect(dialogTitle('finished')).toBe('Your video is ready');
  });
});

describe('words', () => {
  it('labels the progress bar', () => {
    expect(progressLabel(0)).toBe('Starting...');
    expect(progressLabel(42)).toBe('42%');
    expect(progressLabel(100)).toBe('Complete!');
  });

  it('rounds render times', () => {
    expect(roughly(1)).toBe('about 1 second');
    expect(roughly(6)).toBe('about 6 seconds');
    expect(roughly(70)).toBe('about 1 minute');
    expect(roughly(150)).toBe('about 3 minutes');
    expect(takesLine(null)).toBe('');
    expect(takesLine(6)).toBe(' It takes about 6 seconds to make.');
  });

  it('says where the length came from', () => {
    expect(durationLine('8', '8 seconds', DURATIONS)).toBe(
      '8 seconds, read from “8 seconds” in your prompt.',
    );
    expect(durationLine('4', null, DURATIONS)).toBe(
      '4 seconds (the default). Write “8 seconds” or “12 seconds” in your prompt for another length.',
    );
    expect(unavailableLine('12', DURATIONS)).toBe(
      'Videos are 4, 8 or 12 seconds long, so this one will be 12 seconds.',
    );
  });

  it('says where the finished video was saved', () => {
    expect(savedLine(true, null)).toBe('Saving to your gallery...');
    expect(savedLine(false, null)).toBe('');
    expect(savedLine(false, { isPublic: true })).toBe(
      'Saved to your gallery and shared to the community gallery.',
    );
    expect(savedLine(false, { isPublic: false })).toBe('Saved to your gallery (private).');
  });

  it('names the picture, the rewriter and the share choice', () => {
    expect(sourceLine({ url: 'x' })).toBe('Starts from your picture');
    expect(sourceLine({ url: 'x', frame: { videoId: 'v', seconds: 2 } })).toBe(
      'Starts from a frame of your video at 2.0 s',
    );
    expect(enhancedLine('offline')).toBe('A quick rewrite (no assistant key is set). Edit it as you like.');
    expect(enhancedLine('GPT-5')).toBe('Rewritten by GPT-5. Edit it as you like.');
    expect(shareHint(true)).toBe('Anyone can watch it in the community gallery and at its own link.');
    expect(shareHint(false)).toBe('Only you will see it, in My Videos. You can share it later.');
  });

  it("counts the plan's videos left", () => {
    expect(allowanceLine({ limit: null })).toBeNull();
    expect(allowanceLine({ limit: 5, remaining: 3 })).toEqual({
      text: '3 of 5 videos left this month',
      remaining: 3,
    });
    expect(allowanceLine({ limit: 1, remaining: 0 })).toEqual({
      text: '0 of 1 video left this month',
      remaining: 0,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { initialDraft, type VideoDraft, videoDraftReducer } from './videoDraft';

const picture = { url: '/media/cat.png' };
const request = { prompt: 'a cat', duration: '8', isPublic: false };

describe('videoDraftReducer', () => {
  it('starts on the given picture, with the default size and nothing chosen', () => {
    expect(initialDraft(picture)).toEqual({
      text: null,
      modelId: '',
      chosenSize: '1280x720',
      share: null,
      image: picture,
      enhancing: false,
      enhancedBy: null,
      pickingFrame: false,
      request: null,
      startedAt: null,
    });
  });

  it('records the choices made before Generate', () => {
    let draft = initialDraft(null);
    draft = videoDraftReducer(draft, { type: 'edit', text: 'a dog' });
    draft = videoDraftReducer(draft, { type: 'chooseModel', id: 'sora' });
    draft = videoDraftReducer(draft, { type: 'chooseSize', size: '720x1280' });
    draft = videoDraftReducer(draft, { type: 'share', share: true });
    expect(draft).toMatchObject({ text: 'a dog', modelId: 'sora', chosenSize: '720x1280', share: true });
  });

  it('takes a frame of a video as the picture and closes the frame picker', () => {
    let draft = videoDraftReducer(initialDraft(null), { type: 'pickFrame', picking: true });
    expect(draft.pickingFrame).toBe(true);
    draft = videoDraftReducer(draft, {
      type: 'frame',
      frame: { videoId: 'v1', seconds: 1.5, preview: null },
    });
    expect(draft.pickingFrame).toBe(false);
    expect(draft.image).toEqual({ url: '', frame: { videoId: 'v1', seconds: 1.5 } });
    draft = videoDraftReducer(draft, { type: 'image', image: null });
    expect(draft.image).toBeNull();
  });

  it('follows Enhance: busy, who wrote it, done', () => {
    let draft = videoDraftReducer(initialDraft(null), { type: 'enhancing' });
    expect(draft.enhancing).toBe(true);
    draft = videoDraftReducer(draft, { type: 'enhanced', by: 'offline' });
    draft = videoDraftReducer(draft, { type: 'enhanceEnded' });
    expect(draft).toMatchObject({ enhancing: false, enhancedBy: 'offline' });
  });

  it('keeps the request and its start time on Generate', () => {
    const draft = videoDraftReducer(initialDraft(null), { type: 'generate', request, at: 1000 });
    expect(draft).toMatchObject({ request, startedAt: 1000 });
  });

  it('starts a new prompt at the confirmation step, keeping the model and size', () => {
    const used: VideoDraft = {
      text: 'edited',
      modelId: 'sora',
      chosenSize: '720x1280',
      share: true,
      image: picture,
      enhancing: false,
      enhancedBy: 'offline',
      pickingFrame: true,
      request,
      startedAt: 1000,
    };
    expect(videoDraftReducer(used, { type: 'reset', image: null })).toEqual({
      ...initialDraft(null),
      modelId: 'sora',
      chosenSize: '720x1280',
    });
  });
});

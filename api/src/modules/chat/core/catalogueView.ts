import { type Assistant, assistants } from './catalogue.ts';
import { type AssistantModels, isOffline } from './models.ts';

export interface AssistantView extends Assistant {
  offline: boolean;
  vision: boolean;
}

/** The catalogue as clients see it: each assistant with whether it is offline and sees images. */
export function catalogueView(live: Pick<AssistantModels, 'snapshot'>): {
  version: string;
  assistants: AssistantView[];
} {
  const { profiles, version } = live.snapshot();
  return {
    version,
    assistants: assistants.map((a) => {
      const profile = profiles.get(a.id);
      // The video assistant opens the video dialog; its provider is configured with the videos.
      return {
        ...a,
        offline: a.kind === 'video' ? false : isOffline(profile),
        vision: profile?.vision ?? false,
      };
    }),
  };
}

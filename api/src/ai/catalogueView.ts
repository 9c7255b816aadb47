import { type Assistant, type AssistantId, assistants } from './catalogue.ts';
import { catalogueVersion, type ProviderProfile } from './profiles.ts';
import { isOffline } from './providers.ts';

export interface AssistantView extends Assistant {
  offline: boolean;
  vision: boolean;
}

/** The catalogue as clients see it: each assistant with whether it is offline and sees images. */
export function catalogueView(profiles: Map<AssistantId, ProviderProfile>): {
  version: string;
  assistants: AssistantView[];
} {
  return {
    version: catalogueVersion(profiles),
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

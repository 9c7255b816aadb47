import { type Assistant, assistants, type CustomAssistant } from './catalogue.ts';
import { asAssistant, CUSTOM_PREFIX } from './customAssistant.ts';
import { type AssistantModels, isOffline } from './models.ts';

export interface AssistantView extends Assistant {
  offline: boolean;
  vision: boolean;
  /** For a custom assistant: the built-in one whose model answers for it. */
  basedOn?: string;
  /** Prompts an empty chat with it offers (a custom assistant's; none for the nine). */
  starters?: string[];
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

/**
 * A person's custom assistants (customAssistant.ts listedFor) as catalogue entries, after the nine:
 * id `custom:<id>`, command `@handle`, offline and vision as the assistant behind each.
 */
export function customEntries(custom: CustomAssistant[], builtIn: AssistantView[]): AssistantView[] {
  return custom.flatMap((c) => {
    const base = builtIn.find((a) => a.id === c.model);
    if (!base) return [];
    return [
      {
        ...asAssistant(c),
        id: `${CUSTOM_PREFIX}${c.id}` as AssistantView['id'],
        description: c.description || `Custom assistant, answering with ${base.name}`,
        offline: base.offline,
        vision: base.vision,
        basedOn: base.id,
        starters: c.starters,
      },
    ];
  });
}

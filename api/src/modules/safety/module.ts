import { defineModule } from '../../http/module.ts';
import type { ContentChecks } from './core/checks.ts';
import { contentChecksFrom } from './core/fromSettings.ts';
import { safetySettings } from './settings.ts';

declare module '../../platform/module.ts' {
  interface AppServices {
    /** The automatic moderation checks (word list, and a remote /moderations endpoint when configured). */
    contentChecks: ContentChecks;
  }
}

/** Automatic moderation checks of what people ask for and publish (video prompts, public posts). */
export const safetyModule = defineModule({
  name: 'safety',
  uses: ['moderation'],
  settings: safetySettings,
  services: (core) => ({ contentChecks: contentChecksFrom(core.config) }),
});

import { defineModule } from '../../http/module.ts';
import { type VoiceService, voiceServiceFrom } from './core/voiceService.ts';
import { voiceResolvers } from './graphql.ts';
import { voiceRoutes } from './rest.ts';
import { voiceSettings } from './settings.ts';

declare module '../../platform/module.ts' {
  interface AppServices {
    /** Speech-to-text and text-to-speech through OpenAI-compatible servers (STT_*, TTS_*). */
    voice: VoiceService;
  }
}

/** Voice: transcribing recordings for the composer's microphone, and reading answers aloud (README.md). */
export const voiceModule = defineModule({
  name: 'voice',
  uses: [],
  settings: voiceSettings,
  services: (core) => ({ voice: voiceServiceFrom(core) }),
  graphql: { sdl: ['voice.graphql'], resolvers: [voiceResolvers] },
  rest: { routes: [voiceRoutes] },
});

import { z } from 'zod';
import { defineModule } from '../../http/module.ts';
import { type PushConfig, pushConfigOf } from './core/config.ts';
import { pushReactions } from './core/reactions.ts';
import { pushRoutes } from './rest.ts';
import { pushSettings, pushSettingsIssues } from './settings.ts';
import { sendPushTask } from './tasks/sendPush.ts';

declare module '../../platform/module.ts' {
  interface AppServices {
    /** The VAPID keys (null: push off) and which endpoints are accepted. */
    push: PushConfig;
  }
  interface WorkerContext {
    push: PushConfig;
  }
}

/**
 * Web Push (README.md): a signed-in browser's push subscriptions, and pushes of a few notification
 * kinds (a direct message, a friend request, a finished video) to people with no Chorus tab open,
 * sent by the worker.
 */
export const pushModule = defineModule({
  name: 'push',
  uses: ['accounts', 'jobs', 'notifications'],
  settings: pushSettings,
  settingsIssues: pushSettingsIssues,
  services: (core) => ({ push: pushConfigOf(core.config) }),
  rest: { routes: [pushRoutes] },
  hooks: pushReactions,
  worker: {
    // The worker reads the settings from its own environment, validated like the api's.
    context: (env) => ({ push: pushConfigOf({ ...env, ...z.object(pushSettings).parse(env) }) }),
    tasks: { send_push: sendPushTask },
  },
});

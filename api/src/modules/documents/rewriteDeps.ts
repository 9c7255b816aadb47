import { readSettings } from '../../platform/config.ts';
import type { AppServices } from '../../platform/module.ts';
import { streamText } from '../chat/providers/offline.ts';
import { chatSettings } from '../chat/settings.ts';
import type { RewriteDeps } from './core/rewrite.ts';

/** What a rewrite asks with (core/rewrite.ts): the chat's providers, and its offline pace. */
export function rewriteDeps(services: Pick<AppServices, 'profiles' | 'config'>): RewriteDeps {
  const delayMs = readSettings(chatSettings, services.config).AI_OFFLINE_DELAY_MS;
  return { profiles: services.profiles, paced: (text, signal) => streamText(text, delayMs, signal) };
}

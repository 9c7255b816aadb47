import type { z } from 'zod';
import type { ChorusModule } from './http/module.ts';
import { modules } from './modules/index.ts';
import { type Config, configFrom, type Env, environment, platformConfigSchema } from './platform/config.ts';

type SettingsOf<M> = M extends { settings: infer S } ? S : never;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;
/** The modules' settings fields, typed: each module's `settings` (modules/<name>/module.ts) together. */
type ModuleSettings = UnionToIntersection<SettingsOf<(typeof modules)[number]>>;

const moduleSettings = Object.assign(
  {},
  ...(modules as readonly ChorusModule[]).map((m) => m.settings ?? {}),
) as ModuleSettings;

/**
 * Every setting of the api: the platform's and the modules' own (their module.ts `settings`),
 * validated together at start-up. The worker takes what it shares with the api from here
 * (worker/src/config.ts).
 */
export const apiConfigSchema = platformConfigSchema.extend(moduleSettings);
export type ApiConfig = z.infer<typeof apiConfigSchema> & Config;

export function loadConfig(env: Env = environment()): ApiConfig {
  const config = configFrom(apiConfigSchema, env);
  const issues = (modules as readonly ChorusModule[]).flatMap((m) => m.settingsIssues?.(config) ?? []);
  if (issues.length) throw new Error(`Invalid configuration:\n${issues.map((i) => `  ${i}`).join('\n')}`);
  return config;
}

import type { z } from 'zod';
import { videoConfigShape } from './modules/video/providers/config.ts';
import { type Config, configFrom, type Env, environment, platformConfigSchema } from './platform/config.ts';

/**
 * Every setting of the api: the platform's and the modules' own (video providers), validated
 * together at start-up. The worker takes what it shares with the api from here (worker/src/config.ts).
 */
export const apiConfigSchema = platformConfigSchema.extend(videoConfigShape);
export type ApiConfig = z.infer<typeof apiConfigSchema> & Config;

export const loadConfig = (env: Env = environment()): ApiConfig => configFrom(apiConfigSchema, env);

/**
 * The domain: services, entities and rules, shared by the api and the worker; and the module list
 * (modules/index.ts), whose declarations give the worker its tasks, cron lines and providers (that
 * list also names each module's routes and resolvers, so importing it loads them too).
 */

export { apiConfigSchema } from './config.ts';
export type { ChorusModule } from './http/module.ts';
export { failExport, runExport } from './modules/accounts/core/exportData.ts';
export * as accounts from './modules/accounts/core/service.ts';
export { PRUNE_ACCOUNT_TOKENS_SQL } from './modules/accounts/core/tokens.ts';
export { endInterruptedAnswers } from './modules/chat/core/interrupted.ts';
export { distilMemories } from './modules/chat/core/memory/distil.ts';
export { ProviderProfiles } from './modules/chat/providers/profiles.ts';
export { entities } from './modules/entities.ts';
export { sweepOrphanedObjects } from './modules/files/core/orphans.ts';
export { modules } from './modules/index.ts';
export { type JobName, type JobPayload, jobNames, jobSchema } from './modules/jobs/payloads.ts';
export { deliverOutboxMessage } from './modules/outbox/core/outbox.ts';
export { failImport, runImport } from './modules/transfer/core/imports.ts';
export { removeOrphanedRenderDirs } from './modules/video/core/renderDirs.ts';
export { runVideoJob } from './modules/video/core/run.ts';
export {
  type VideoProvider,
  VideoProviders,
  videoProvidersFromEnv,
} from './modules/video/providers/index.ts';
export * from './platform/errors.ts';
export type { DeliveryConfig } from './platform/mail.ts';
export type { WorkerContext } from './platform/module.ts';

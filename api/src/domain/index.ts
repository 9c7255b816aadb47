/**
 * The domain: services, entities and rules, shared by the api and the worker. Imports no express
 * and no graphql.
 */
export { ProviderProfiles } from '../ai/profiles.ts';
export type { DeliveryConfig } from '../platform/mail.ts';
export { type VideoProvider, VideoProviders, videoProvidersFromEnv } from '../video/index.ts';
export { failExport, runExport } from './accounts/exportData.ts';
export * as accounts from './accounts/service.ts';
export { PRUNE_ACCOUNT_TOKENS_SQL } from './accounts/tokens.ts';
export { endInterruptedAnswers } from './chat/interrupted.ts';
export { entities } from './entities.ts';
export * from './errors.ts';
export { type JobName, type JobPayload, jobPayloads } from './jobs/payloads.ts';
export { distilMemories } from './memory/distil.ts';
export { deliverOutboxMessage } from './social/invitations.ts';
export { removeOrphanedRenderDirs } from './video/renderDirs.ts';
export { runVideoJob } from './video/run.ts';

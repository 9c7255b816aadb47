import type { ChorusModule } from '../http/module.ts';
import { registerHooks } from '../platform/hooks.ts';
import { accountsModule } from './accounts/module.ts';
import { assistantsModule } from './assistants/module.ts';
import { billingModule } from './billing/module.ts';
import { chatModule } from './chat/module.ts';
import { commentsModule } from './comments/module.ts';
import { compareModule } from './compare/module.ts';
import { creatorsModule } from './creators/module.ts';
import { documentsModule } from './documents/module.ts';
import { filesModule } from './files/module.ts';
import { foldersModule } from './folders/module.ts';
import { knowledgeModule } from './knowledge/module.ts';
import { moderationModule } from './moderation/module.ts';
import { notificationsModule } from './notifications/module.ts';
import { outboxModule } from './outbox/module.ts';
import { promptsModule } from './prompts/module.ts';
import { pushModule } from './push/module.ts';
import { safetyModule } from './safety/module.ts';
import { searchModule } from './search/module.ts';
import { sharesModule } from './shares/module.ts';
import { socialModule } from './social/module.ts';
import { tokensModule } from './tokens/module.ts';
import { toolsModule } from './tools/module.ts';
import { transferModule } from './transfer/module.ts';
import { usageModule } from './usage/module.ts';
import { videoModule } from './video/module.ts';
import { voiceModule } from './voice/module.ts';
import { webhooksModule } from './webhooks/module.ts';
import { webSearchModule } from './websearch/module.ts';

/**
 * Every api module, the one list the api (app.ts, services.ts, rest/, graphql/), the worker, the
 * settings, the ORM and codegen read. Adding a module: its folder with a module.ts, and a line here.
 * The order is the order their /api routes are tried in (Express matches in order) and their hook
 * reactions run in. (jobs/ is no plug-in: it is the job payloads' contract every module queues with.)
 */
// Typed by name, not inferred: the inferred tuple of every module's full type grew past what the
// compiler writes into a declaration file (TS7056); each is still checked to be a ChorusModule below.
type Modules = readonly [
  typeof accountsModule,
  typeof webSearchModule,
  typeof toolsModule,
  typeof safetyModule,
  typeof transferModule,
  typeof chatModule,
  typeof compareModule,
  typeof documentsModule,
  typeof searchModule,
  typeof videoModule,
  typeof filesModule,
  typeof knowledgeModule,
  typeof socialModule,
  typeof sharesModule,
  typeof foldersModule,
  typeof billingModule,
  typeof moderationModule,
  typeof creatorsModule,
  typeof commentsModule,
  typeof notificationsModule,
  typeof promptsModule,
  typeof assistantsModule,
  typeof outboxModule,
  typeof webhooksModule,
  typeof tokensModule,
  typeof usageModule,
  typeof voiceModule,
  typeof pushModule,
];

export const modules: Modules = [
  accountsModule,
  webSearchModule,
  toolsModule,
  safetyModule,
  transferModule,
  chatModule,
  compareModule,
  documentsModule,
  searchModule,
  videoModule,
  filesModule,
  knowledgeModule,
  socialModule,
  sharesModule,
  foldersModule,
  billingModule,
  moderationModule,
  creatorsModule,
  commentsModule,
  notificationsModule,
  promptsModule,
  assistantsModule,
  outboxModule,
  webhooksModule,
  tokensModule,
  usageModule,
  voiceModule,
  pushModule,
] as const satisfies readonly ChorusModule[];

for (const module of modules as readonly ChorusModule[]) if (module.hooks) registerHooks(module.hooks);

// Re-exported so that type checks of other packages (the worker and the scripts read the api through
// its declarations, tsconfig.json's project references) load each module's declaration, and with it
// the services and worker context it adds to platform/module.ts.
export {
  accountsModule,
  assistantsModule,
  billingModule,
  chatModule,
  commentsModule,
  compareModule,
  creatorsModule,
  documentsModule,
  filesModule,
  foldersModule,
  knowledgeModule,
  moderationModule,
  outboxModule,
  safetyModule,
  searchModule,
  sharesModule,
  socialModule,
  tokensModule,
  toolsModule,
  transferModule,
  usageModule,
  videoModule,
  voiceModule,
  webhooksModule,
  webSearchModule,
};

import { type ChorusModule, defineModule } from '../../http/module.ts';
import { AuditEntry } from './core/AuditEntry.ts';
import { consoleResolvers } from './graphql.console.ts';
import { moderationResolvers } from './graphql.ts';
import { moderationSettings } from './settings.ts';

/** Typed as the list the ORM reads (as in knowledge/module.ts): the modules list's type stays writable. */
const entities: ChorusModule['entities'] = [AuditEntry];

/** Staff roles, the audit log of every staff action and automatic decision, and (to come) the reports queue. */
export const moderationModule = defineModule({
  name: 'moderation',
  uses: ['accounts'],
  entities,
  settings: moderationSettings,
  graphql: {
    sdl: ['moderation.graphql', 'admin.graphql'],
    resolvers: [moderationResolvers, consoleResolvers],
    mappers: {
      AuditEntry: './core/AuditEntry.ts#AuditEntry as AuditEntryEntity',
      AdminQuery: './core/roles.ts#AdminRoot',
      JobsOverview: './core/jobs.ts#JobsRoot',
    },
  },
});

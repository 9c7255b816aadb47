import { type ChorusModule, defineModule } from '../../http/module.ts';
import { readSettings } from '../../platform/config.ts';
import { AuditEntry } from './core/AuditEntry.ts';
import { Block } from './core/Block.ts';
import { HiddenContent } from './core/HiddenContent.ts';
import { Report } from './core/Report.ts';
import { refuseConfigAdminRename } from './core/roles.ts';
import { consoleResolvers } from './graphql.console.ts';
import { reportResolvers } from './graphql.reports.ts';
import { moderationResolvers } from './graphql.ts';
import { staffPages } from './http/staffPages.ts';
import { reportRoutes } from './rest.ts';
import { moderationSettings } from './settings.ts';

/** Typed as the list the ORM reads (as in knowledge/module.ts): the modules list's type stays writable. */
const entities: ChorusModule['entities'] = [AuditEntry, Report, HiddenContent, Block];

/** Staff roles, the audit log of every staff action and automatic decision, and (to come) the reports queue. */
export const moderationModule = defineModule({
  name: 'moderation',
  uses: ['accounts', 'video', 'outbox', 'notifications'],
  entities,
  settings: moderationSettings,
  graphql: {
    sdl: ['moderation.graphql', 'admin.graphql', 'reports.graphql'],
    resolvers: [moderationResolvers, consoleResolvers, reportResolvers],
    mappers: {
      AuditEntry: './core/AuditEntry.ts#AuditEntry as AuditEntryEntity',
      AdminQuery: './core/roles.ts#AdminRoot',
      JobsOverview: './core/jobs.ts#JobsRoot',
      ReportGroup: './core/reports.ts#ReportGroup as ReportGroupView',
      MyReport: './core/reports.ts#MyReport as MyReportView',
      BlockedUser: './core/blocks.ts#BlockedUser as BlockedUserView',
    },
  },
  rest: { routes: [reportRoutes] },
  // A direct load of /admin/... answers the app shell to staff, the 404 to everyone else.
  web: { gatedPages: staffPages },
  hooks: {
    usernameChanging: async ({ from, to, config }) =>
      refuseConfigAdminRename(readSettings(moderationSettings, config).ADMIN_USERNAMES, from, to),
  },
});

import { defineModule } from '../../http/module.ts';
import { AccountMailLimiter } from './core/accountMailLimit.ts';
import { CurrentUsers } from './core/currentUser.ts';
import { configurePasswordHashing } from './core/password.ts';
import { configureSecondFactor } from './core/secondFactor.ts';
import { User } from './core/User.ts';
import { authResolvers } from './graphql.ts';
import { accountActivity } from './http/activity.ts';
import { pingResolvers } from './ping.ts';
import { accountDataRoutes } from './rest/accountData.ts';
import { accountSecurityRoutes } from './rest/accountSecurity.ts';
import { authRoutes } from './rest/auth.ts';
import { oidcRoutes } from './rest/oidc.ts';
import { twoFactorRoutes } from './rest/twoFactor.ts';
import { exportAccountTask } from './tasks/exportAccount.ts';
import './core/events.ts';

declare module '../../platform/module.ts' {
  interface AppServices {
    /** How often password-reset and verification e-mails may be asked for (per address, per IP). */
    accountMail: AccountMailLimiter;
    currentUsers: CurrentUsers;
  }
}

/** Users, sign-in (password, second factor, passkeys, OpenID Connect), sessions, the account's data. */
export const accountsModule = defineModule({
  name: 'accounts',
  // Account mail goes out through the outbox; exports are queued jobs.
  uses: ['outbox', 'jobs'],
  entities: [User],
  services: (core) => {
    configureSecondFactor(core.config.TWO_FACTOR_KEY ?? core.config.SESSION_SECRET);
    configurePasswordHashing({
      concurrency: core.config.PASSWORD_HASH_CONCURRENCY,
      maxQueue: core.config.PASSWORD_HASH_QUEUE_MAX,
      memoryKiB: core.config.PASSWORD_HASH_MEMORY_KIB,
      passes: core.config.PASSWORD_HASH_PASSES,
    });
    return {
      accountMail: new AccountMailLimiter(core.config, core.pool),
      currentUsers: new CurrentUsers(core.pubsub),
    };
  },
  graphql: {
    sdl: ['accounts.graphql'],
    resolvers: [authResolvers, pingResolvers],
    mappers: { User: './core/service.ts#PublicUser' },
  },
  rest: { routes: [authRoutes, accountSecurityRoutes, accountDataRoutes, twoFactorRoutes, oidcRoutes] },
  afterSession: (services) => accountActivity(services.orm),
  worker: { tasks: { export_account: exportAccountTask } },
});

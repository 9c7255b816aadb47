import type { DeliveryConfig } from '@chorus/api/domain';
import type { MikroORM } from '@mikro-orm/postgresql';

/** What every task may use: one ORM per worker process (each job forks its own EntityManager). */
export interface WorkerContext {
  orm: MikroORM;
  /** How outgoing email and SMS travel (platform/mail.ts). */
  delivery: DeliveryConfig;
}

import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122021253_foundation } from './Migration20261122021253_foundation.ts';
import { Migration20261122030000_user_change_notify } from './Migration20261122030000_user_change_notify.ts';

/** Every migration in order. Add new ones here after `npm run migration:create`. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122021253_foundation', class: Migration20261122021253_foundation },
  { name: 'Migration20261122030000_user_change_notify', class: Migration20261122030000_user_change_notify },
];

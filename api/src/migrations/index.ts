import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122021253_foundation } from './Migration20261122021253_foundation.ts';

/** Every migration in order. Add new ones here after `npm run migration:create`. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122021253_foundation', class: Migration20261122021253_foundation },
];

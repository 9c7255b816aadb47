import type { ChorusModule } from '../http/module.ts';
import { modules } from './index.ts';

/** Every entity the ORM knows (each module's own, modules/index.ts); the migrations are drafted from this list. */
export const entities = (modules as readonly ChorusModule[]).flatMap((m) => m.entities ?? []);

import type { ChorusModule } from '../http/module.ts';
import type { Resolvers } from './__generated__/resolvers.ts';
import { baseResolvers } from './baseResolvers.ts';
import { DateTime } from './scalars.ts';

/** The base resolvers, then each module's (its module.ts `graphql.resolvers`), merged in the list's order. */
export function resolversOf(modules: readonly ChorusModule[]): Resolvers[] {
  return [
    { DateTime },
    baseResolvers,
    ...modules.flatMap((m) => (m.graphql?.resolvers ?? []) as Resolvers[]),
  ];
}

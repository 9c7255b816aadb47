import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import type { ChorusModule } from '../http/module.ts';
import { resolversOf } from './resolvers.ts';

/** The SDL files in schema/ are the contract; codegen types the resolvers against the same files. */
const schemaDir = fileURLToPath(new URL('../../../schema/', import.meta.url));

/** base.graphql, then the modules' SDL files (their module.ts `graphql.sdl`) by name. */
export function loadTypeDefs(modules: readonly ChorusModule[]): string[] {
  const files = modules.flatMap((m) => m.graphql?.sdl ?? []).sort((a, b) => a.localeCompare(b));
  return ['base.graphql', ...files].map((f) => readFileSync(`${schemaDir}${f}`, 'utf8'));
}

export function buildSchema(modules: readonly ChorusModule[]): GraphQLSchema {
  return makeExecutableSchema({ typeDefs: loadTypeDefs(modules), resolvers: resolversOf(modules) });
}

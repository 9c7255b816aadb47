import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { resolvers } from './resolvers.ts';

/** The SDL files in schema/ are the contract; codegen types the resolvers against the same files. */
const schemaDir = fileURLToPath(new URL('../../../schema/', import.meta.url));

export function loadTypeDefs(): string[] {
  return readdirSync(schemaDir)
    .filter((f) => f.endsWith('.graphql'))
    .sort((a, b) => (a === 'base.graphql' ? -1 : b === 'base.graphql' ? 1 : a.localeCompare(b)))
    .map((f) => readFileSync(`${schemaDir}${f}`, 'utf8'));
}

export function buildSchema(): GraphQLSchema {
  return makeExecutableSchema({ typeDefs: loadTypeDefs(), resolvers });
}

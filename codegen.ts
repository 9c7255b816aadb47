import { posix } from 'node:path';
import type { CodegenConfig } from '@graphql-codegen/cli';
import type { ChorusModule } from './api/src/http/module.ts';
import { modules } from './api/src/modules/index.ts';

/** Each module's mappers (its module.ts, paths from its folder), as seen from the generated file. */
const mappers = Object.fromEntries(
  (modules as readonly ChorusModule[]).flatMap((m) =>
    Object.entries(m.graphql?.mappers ?? {}).map(([type, target]) => [
      type,
      posix.join('../../modules', m.name, target),
    ]),
  ),
);

/**
 * One codegen for both sides: typed resolvers for the api (resolvers map GraphQL types onto our
 * entities through `mappers`) and typed documents for the web app's operations.
 */
const config: CodegenConfig = {
  schema: 'schema/*.graphql',
  ignoreNoDocuments: true,
  generates: {
    'api/src/graphql/__generated__/resolvers.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        contextType: '../context.ts#GraphQLContext',
        scalars: { DateTime: 'Date | string' },
        mappers,
        useIndexSignature: true,
      },
    },
    'web/src/graphql/__generated__/': {
      documents: ['web/src/**/*.{ts,tsx}', '!web/src/graphql/__generated__/**'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true, enumsAsTypes: true, scalars: { DateTime: 'string' } },
    },
  },
};
export default config;

import type { ApolloServerPlugin } from '@apollo/server';
import { type FragmentDefinitionNode, GraphQLError, Kind, type SelectionSetNode } from 'graphql';
import type { GraphQLContext } from './context.ts';

/**
 * A request made with a personal API token (http/principal.ts) runs an operation only when the
 * token's scopes allow each of its root fields: the token answers (its module's one table,
 * api/src/modules/tokens/core/scopes.ts), this plugin asks once Apollo knows which operation runs,
 * before anything executes. A refusal is a 403 FORBIDDEN saying which scope is missing.
 */
export const tokenScopePlugin: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart({ contextValue }) {
    const token = contextValue.req?.apiToken;
    if (!token) return;
    return {
      async didResolveOperation({ operation, document }) {
        if (!operation) return;
        const fragments = new Map<string, FragmentDefinitionNode>();
        for (const d of document.definitions)
          if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
        const refusal = token.refusal({
          surface: 'graphql',
          operation: operation.operation,
          fields: [...rootFields(operation.selectionSet, fragments, new Set())],
        });
        if (refusal)
          throw new GraphQLError(refusal, { extensions: { code: 'FORBIDDEN', http: { status: 403 } } });
      },
    };
  },
};

/** The root fields an operation selects, through its fragments (each spread followed once). */
function rootFields(
  set: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  seen: Set<string>,
): Set<string> {
  const names = new Set<string>();
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD) names.add(s.name.value);
    else if (s.kind === Kind.INLINE_FRAGMENT)
      for (const n of rootFields(s.selectionSet, fragments, seen)) names.add(n);
    else {
      const fragment = fragments.get(s.name.value);
      if (!fragment || seen.has(s.name.value)) continue;
      seen.add(s.name.value);
      for (const n of rootFields(fragment.selectionSet, fragments, seen)) names.add(n);
    }
  }
  return names;
}

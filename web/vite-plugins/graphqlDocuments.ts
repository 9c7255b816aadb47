import type { Plugin } from 'vite';

/**
 * GraphQL Code Generator's `graphql()` looks documents up in one map of every operation in the app, so
 * each page would download all of them. This build step replaces each `graphql(`…`)` call with a
 * direct import of its typed document from `__generated__/graphql`, which bundles per operation
 * (what the codegen's babel/swc plugins do, for our Vite build). Types are unchanged.
 */
export function graphqlDocuments(): Plugin {
  const importPattern =
    /import\s*\{\s*graphql\s*\}\s*from\s*(['"])([^'"]*__generated__(?:\/gql|\/index)?)\1;?/;
  const callPattern = /\bgraphql\(\s*`([^`]*)`\s*\)/g;
  return {
    name: 'chorus:graphql-documents',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (id.includes('node_modules') || id.includes('__generated__') || !/\.tsx?$/.test(id)) return null;
      const imported = importPattern.exec(code);
      if (!imported) return null;
      const generated = imported[2]!.replace(/\/(gql|index)$/, '');
      const names = new Set<string>();
      const out = code.replace(callPattern, (_whole, document: string) => {
        const head = /^\s*(query|mutation|subscription|fragment)\s+(\w+)/.exec(document);
        if (!head) this.error(`graphql(): no named operation or fragment in ${id}`);
        const name = head[1] === 'fragment' ? `${head[2]}FragmentDoc` : `${head[2]}Document`;
        names.add(name);
        return name;
      });
      if (names.size === 0) return null;
      const replacement = `import { ${[...names].join(', ')} } from '${generated}/graphql';`;
      return { code: out.replace(importPattern, replacement), map: null };
    },
  };
}

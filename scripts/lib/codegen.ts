import { spawnSync } from 'node:child_process';

/**
 * Writes the GraphQL types (api resolvers, web documents) from schema/ and the web's operations.
 * They are not committed: every entry point that needs them (start, build, typecheck, test) runs
 * this first. Unchanged output is not rewritten, so a web build that read it stays current.
 */
export function generateGraphqlTypes(root: string): void {
  const result = spawnSync('npm', ['run', '--silent', 'codegen'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('GraphQL codegen failed (schema/ or a web operation)');
}

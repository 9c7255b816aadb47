/**
 * What each scope of a personal API token lets it do: the ONE place that decides, for every REST
 * call and every GraphQL root field. The bearer middleware (http/bearer.ts) asks it for /api calls,
 * graphql/tokenScopePlugin for /graphql operations.
 *
 * - `read`: every GET (REST) and query (GraphQL) of your own data, but the account's own secrets;
 * - `chat`: starting chats, sending messages, regenerating and editing them, compares, deciding
 *   an answer's tool calls, transcribing speech and reading answers aloud;
 * - `video`: generating videos and publishing, editing or removing posts;
 * - `files`: uploading, moving, reindexing and deleting files and their folders.
 *
 * Deny by default: a write no rule names (changing the password, billing, friends, comments…) is
 * refused to every token, whatever its scopes; so are the account's session-only calls (tokens
 * themselves, sessions, two-factor, export, the staff console) and GraphQL subscriptions.
 */
export const tokenScopes = ['read', 'chat', 'video', 'files'] as const;
export type TokenScope = (typeof tokenScopes)[number];

/** A scope, or `session`: only a signed-in browser may (never a token). */
type Need = TokenScope | 'session';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | '*';

/**
 * REST calls by method and path under /api, first match wins. Paths are matched case-insensitively
 * and without a trailing slash, as Express routes them. After the table: GET and HEAD need `read`,
 * anything else is refused.
 */
const REST_RULES: ReadonlyArray<readonly [Method, RegExp, Need]> = [
  ['*', /^\/tokens(\/|$)/, 'session'],
  ['GET', /^\/auth\/status$/, 'read'],
  ['*', /^\/auth(\/|$)/, 'session'],
  ['*', /^\/account(\/|$)/, 'session'],
  // chat
  ['POST', /^\/chats$/, 'chat'],
  ['POST', /^\/chats\/[^/]+\/(messages|path|compare|merge)$/, 'chat'],
  ['POST', /^\/messages\/[^/]+\/(edit|regenerate|choose)$/, 'chat'],
  ['POST', /^\/chat\/images$/, 'chat'],
  // An answer's MCP tool calls wait for their asker (modules/tools); voice in and out (modules/voice).
  ['POST', /^\/mcp\/calls\/[^/]+\/(approve|refuse)$/, 'chat'],
  ['POST', /^\/audio\/(transcriptions|speech)$/, 'chat'],
  // video
  ['POST', /^\/videos\/(generate|enhance-prompt)$/, 'video'],
  ['POST', /^\/videos\/[^/]+\/(cancel|dismiss)$/, 'video'],
  ['POST', /^\/posts$/, 'video'],
  ['PATCH', /^\/posts\/[^/]+$/, 'video'],
  ['DELETE', /^\/posts\/[^/]+$/, 'video'],
  // files
  ['POST', /^\/files$/, 'files'],
  ['DELETE', /^\/files\/[^/]+$/, 'files'],
  ['PATCH', /^\/files\/[^/]+\/folder$/, 'files'],
  ['POST', /^\/files\/[^/]+\/reindex$/, 'files'],
  ['POST', /^\/file-folders$/, 'files'],
  ['PATCH', /^\/file-folders\/[^/]+$/, 'files'],
  ['DELETE', /^\/file-folders\/[^/]+$/, 'files'],
];

/** GraphQL queries only a session may read (any other query needs `read`). */
const SESSION_QUERIES = new Set(['apiTokens', 'mySessions', 'accountExport', 'admin']);

/** GraphQL mutations a token may run, by the scope each needs; any other is refused. */
const MUTATION_SCOPES: Readonly<Record<string, TokenScope>> = {
  createChat: 'chat',
  sendMessage: 'chat',
  stopGeneration: 'chat',
  regenerate: 'chat',
  editMessage: 'chat',
  selectMessageVersion: 'chat',
  compare: 'chat',
  chooseAnswer: 'chat',
  mergeAnswers: 'chat',
  approveToolCall: 'chat',
  refuseToolCall: 'chat',
  generateVideo: 'video',
  cancelVideo: 'video',
  dismissVideo: 'video',
  savePost: 'video',
  updatePost: 'video',
  deletePost: 'video',
  deleteFile: 'files',
  createFileFolder: 'files',
  renameFileFolder: 'files',
  deleteFileFolder: 'files',
  moveFileToFolder: 'files',
  reindexFile: 'files',
};

const TOKEN_MANAGEMENT = new Set(['apiTokens', 'createApiToken', 'revokeApiToken']);

export const tokenManagementRefusal =
  'Managing API tokens needs a signed-in session: a token cannot list, create or revoke tokens';

/** What a REST call needs, or null when no token may make it. */
export function restNeed(method: string, path: string): Need | null {
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const p = path.replace(/\/+$/, '').toLowerCase() || '/';
  for (const [m, pattern, need] of REST_RULES) if ((m === '*' || m === verb) && pattern.test(p)) return need;
  return verb === 'GET' ? 'read' : null;
}

/** What a GraphQL root field needs, or null when no token may ask it. */
export function graphqlNeed(operation: 'query' | 'mutation' | 'subscription', field: string): Need | null {
  if (field === '__typename') return 'read';
  if (operation === 'subscription') return 'session';
  if (operation === 'query') return SESSION_QUERIES.has(field) ? 'session' : 'read';
  if (TOKEN_MANAGEMENT.has(field)) return 'session';
  return MUTATION_SCOPES[field] ?? null;
}

export type TokenOperation =
  | { surface: 'rest'; method: string; path: string }
  | { surface: 'graphql'; operation: 'query' | 'mutation' | 'subscription'; fields: readonly string[] };

/** Why a token with `scopes` may not run `op`, or null when it may: the message its 403 shows. */
export function scopeRefusal(scopes: readonly string[], op: TokenOperation): string | null {
  const asked =
    op.surface === 'rest'
      ? [
          {
            need: restNeed(op.method, op.path),
            what: `${op.method.toUpperCase()} /api${op.path}`,
            managesTokens: /^\/tokens(\/|$)/i.test(op.path),
          },
        ]
      : op.fields.map((field) => ({
          need: graphqlNeed(op.operation, field),
          what: `the GraphQL ${op.operation} field ${field}`,
          managesTokens: TOKEN_MANAGEMENT.has(field),
        }));
  for (const { need, what, managesTokens } of asked) {
    if (managesTokens) return tokenManagementRefusal;
    if (need === null)
      return `API tokens cannot be used for ${what}: no scope allows it (sign in to Chorus instead)`;
    if (need === 'session')
      return op.surface === 'graphql' && op.operation === 'subscription'
        ? 'API tokens cannot run GraphQL subscriptions: they need a signed-in session over WebSocket'
        : `API tokens cannot be used for ${what}: it needs a signed-in session`;
    if (!scopes.includes(need)) return `This API token lacks the "${need}" scope needed for ${what}`;
  }
  return null;
}

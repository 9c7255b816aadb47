/**
 * The API tokens page's pure parts: the scopes and expiries it offers (the api's, api/src/modules/
 * tokens/core), how a token's state reads, and the usage examples with the page's own origin.
 */
import { msg } from '../../lib/i18n';

/** Labels and descriptions are English message ids, translated where drawn. */
export const SCOPES = [
  {
    value: 'read',
    label: msg('Read'),
    description: msg('Read your own data: chats, videos, files, profile (GET and queries)'),
  },
  { value: 'chat', label: msg('Chat'), description: msg('Start chats, send messages, compare assistants') },
  { value: 'video', label: msg('Video'), description: msg('Generate videos, publish and edit your posts') },
  { value: 'files', label: msg('Files'), description: msg('Upload, move and delete your files') },
] as const;
export type Scope = (typeof SCOPES)[number]['value'];

export const EXPIRY_OPTIONS = [
  { value: '7', label: msg('7 days') },
  { value: '30', label: msg('30 days') },
  { value: '90', label: msg('90 days') },
  { value: '365', label: msg('1 year') },
  { value: 'never', label: msg('Never') },
] as const;
export const DEFAULT_EXPIRY = '30';

/** The create mutation's expiresInDays for a select value ('never' → null). */
export const expiresInDays = (choice: string): number | null => (choice === 'never' ? null : Number(choice));

/** What is wrong with the form before it is sent (the server checks again), or null. */
export function formProblem(name: string, scopes: readonly string[]): string | null {
  if (!name.trim()) return msg('Please give the token a name');
  if (name.trim().length > 100) return msg('The name can be at most 100 characters');
  if (scopes.length === 0) return msg('Choose at least one scope');
  return null;
}

export const scopeLabel = (scope: string): string => SCOPES.find((s) => s.value === scope)?.label ?? scope;

/** The badge of a token's state. */
export function statusBadge(status: string): { label: string; palette: 'green' | 'orange' | 'gray' } {
  if (status === 'revoked') return { label: msg('Revoked'), palette: 'gray' };
  if (status === 'expired') return { label: msg('Expired'), palette: 'orange' };
  return { label: msg('Active'), palette: 'green' };
}

/** The "How to use" examples, with this site's origin and a placeholder for the secret. */
export function curlExamples(origin: string, secret = 'chorus_pat_…'): { title: string; code: string }[] {
  return [
    {
      title: msg('REST: who am I (scope read)'),
      code: `curl ${origin}/api/auth/status \\\n  -H "Authorization: Bearer ${secret}"`,
    },
    {
      title: msg('REST: start a chat (scope chat)'),
      code: `curl -X POST ${origin}/api/chats \\\n  -H "Authorization: Bearer ${secret}" \\\n  -H "Content-Type: application/json" \\\n  -d '{"title":"From my script"}'`,
    },
    {
      title: msg('GraphQL (scope read)'),
      code: `curl ${origin}/graphql \\\n  -H "Authorization: Bearer ${secret}" \\\n  -H "Content-Type: application/json" \\\n  -d '{"query":"{ me { username } chats { id title } }"}'`,
    },
  ];
}

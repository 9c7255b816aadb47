import { msg } from '../../lib/i18n';

/**
 * The custom assistants' rules as the form needs them, kept in step with the api's
 * (api/src/modules/assistants/core/rules.ts), which has the final word on every save.
 */
export const NAME_MAX = 40;
export const DESCRIPTION_MAX = 200;
export const INSTRUCTIONS_MAX = 8000;
export const STARTERS_MAX = 4;
export const STARTER_MAX = 200;
export const FILES_MAX = 10;
/** MCP servers (features/tools) an assistant's tools come from, as the api allows (assistants/core/rules.ts). */
export const TOOL_SERVERS_MAX = 5;

/** The seven chat assistants a custom one runs on (chat/core/catalogue.ts, `kind: 'chat'`). */
export const MODELS = [
  { value: 'gpt', label: 'GPT' },
  { value: 'claude', label: 'Claude' },
  { value: 'grok', label: 'Grok' },
  { value: 'gemini', label: 'Gemini' },
  { value: 'perplexity', label: 'Perplexity' },
  { value: 'code', label: 'Code' },
  { value: 'study', label: 'Study' },
] as const;

export const modelLabel = (model: string) => MODELS.find((m) => m.value === model)?.label ?? model;

export const VISIBILITIES = [
  { value: 'private', label: msg('Private'), hint: msg('Only you') },
  { value: 'friends', label: msg('Friends'), hint: msg('Your friends see it and can copy it') },
  { value: 'public', label: msg('Public directory'), hint: msg('Anyone can find, use and copy it') },
] as const;
export type Visibility = (typeof VISIBILITIES)[number]['value'];

/** A card's badge: one word (translated where drawn). */
export const visibilityBadge = (v: string) =>
  ({ private: msg('Private'), friends: msg('Friends'), public: msg('Public') })[v] ?? v;

export const SWATCHES = [
  '#6366f1',
  '#0ea5e9',
  '#10b981',
  '#f59e0b',
  '#ef4444',
  '#ec4899',
  '#8b5cf6',
  '#64748b',
];

/** What the handle field becomes: no @, lowercase, only the characters a handle may hold. */
export const normalizeHandle = (typed: string) =>
  typed
    .trim()
    .replace(/^@+/, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '')
    .slice(0, 24);

/** A handle from a name, suggested while the handle is still untouched ("Chef Bot" → "chef_bot"). */
export function handleFromName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .replace(/_+$/, '')
    .slice(0, 24)
    .replace(/_+$/, '');
  return base.length >= 3 ? base : '';
}

/** Why the handle can't be used as it is (translated where drawn), or null (the api also refuses the built-in ones). */
export function handleProblem(handle: string): string | null {
  if (!handle) return msg('Choose a handle');
  if (!/^[a-z]/.test(handle)) return msg('Start with a letter');
  if (handle.length < 3) return msg('At least 3 characters');
  if (!/^[a-z][a-z0-9_]{2,23}$/.test(handle)) return msg('Letters, digits and _ only');
  return null;
}

/** The avatar's letter: the name's first letter or digit, upper-cased ("?" for none). */
export function initialOf(name: string): string {
  const m = /[\p{L}\p{N}]/u.exec(name);
  return m ? m[0].toLocaleUpperCase() : '?';
}

/** The link that opens a chat with it (the chat page puts `@handle ` in the message box). */
export const chatLink = (handle: string) => `/chat?assistant=${encodeURIComponent(handle)}`;

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
export function textOn(hex: string): '#000000' | '#ffffff' {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return '#ffffff';
  const [r, g, b] = m.slice(1).map((h) => {
    const c = Number.parseInt(h, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with white (1.05 / (l + 0.05)) against contrast with black ((l + 0.05) / 0.05).
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#000000';
}

/**
 * After making, changing, copying or deleting an assistant: the chat's model list (its catalogue,
 * which lists one's own and friends' custom assistants) is asked again the next time it is shown.
 */
export const forgetModelList = (cache: { evict: (options: { fieldName: string }) => boolean }) => {
  cache.evict({ fieldName: 'catalogue' });
};

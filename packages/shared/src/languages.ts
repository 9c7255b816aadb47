/**
 * The languages Chorus speaks. English is the source (the texts in the code are English) and keeps
 * today's paths; each other one has its public pages under `/{code}/…` (web/src/app/AppRoutes.tsx,
 * api/src/web/publicPages.ts) and a catalogue in packages/shared/locales/{code}.json.
 */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'pt-BR', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The languages with a path prefix (every one but English). */
export const PREFIXED_LANGUAGES = LANGUAGES.filter((code) => code !== 'en') as Exclude<Language, 'en'>[];

/** Each language's name in itself, as a picker shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  'pt-BR': 'Português (Brasil)',
  ja: '日本語',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The shipped language closest to a list of wanted tags (e.g. navigator.languages, or an
 * Accept-Language header already split by preference): an exact match first, else the same base
 * language (`pt-PT` → `pt-BR`, `es-MX` → `es`, `en-GB` → `en`). Null when none is shipped.
 */
export function matchLanguage(wanted: readonly string[]): Language | null {
  for (const tag of wanted) {
    const lower = tag.trim().toLowerCase();
    if (!lower || lower === '*') continue;
    const exact = LANGUAGES.find((code) => code.toLowerCase() === lower);
    if (exact) return exact;
    const base = lower.split('-')[0];
    const sameBase = LANGUAGES.find((code) => code.toLowerCase().split('-')[0] === base);
    if (sameBase) return sameBase;
  }
  return null;
}

/** An Accept-Language header's tags, most wanted first (q=0 ones dropped). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 30)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag && Number.isFinite(q) && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/** The language a path is in: its prefix (`/es/pricing` → es), else English. */
export function languageOfPath(pathname: string): Language {
  const first = pathname.split('/')[1] ?? '';
  return (PREFIXED_LANGUAGES as readonly string[]).includes(first) ? (first as Language) : 'en';
}

/** A path without its language prefix (`/es/pricing` → `/pricing`, `/es` → `/`). */
export function pathWithoutLanguage(pathname: string): string {
  const language = languageOfPath(pathname);
  if (language === 'en') return pathname;
  const rest = pathname.slice(language.length + 1);
  return rest === '' ? '/' : rest;
}

/** `path` (an English public path) in `language`: `/pricing` → `/es/pricing`, `/` → `/es/`. */
export function pathInLanguage(path: string, language: Language): string {
  if (language === 'en') return path;
  return path === '/' ? `/${language}/` : `/${language}${path}`;
}

/**
 * The public pages that exist in every language (under `/{code}/…` besides English's own path): the
 * marketing pages, pricing, the community gallery and each public video.
 */
export const LOCALIZED_PATHS = [
  '/',
  '/features',
  '/pricing',
  '/ai-video-generator',
  '/community-videos',
  '/ai-chatbot-for-schoolwork',
  '/ai-content-rewriter',
  '/ai-life-coach-chatbot',
  '/ai-chatbot-for-business',
] as const;

/** Whether `path` (without a language prefix) is a page that exists in every language. */
export function isLocalizedPath(path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return (LOCALIZED_PATHS as readonly string[]).includes(trimmed) || /^\/videos\/[^/]+$/.test(trimmed);
}

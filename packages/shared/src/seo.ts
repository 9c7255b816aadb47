/**
 * What every page says about itself: title, description, keywords, canonical path and structured
 * data. One table read by both sides: the api renders it into the HTML it sends (crawlers and link
 * previews run no JavaScript: api/src/http/headTags.ts), and the web app's `usePageMeta` applies the
 * same entries when the route changes in the browser. A video page's entry is built from its post
 * (videoPageMeta.ts). Plain TypeScript with no imports, so the web bundle can take it too.
 */

/** Marks a text the web app's catalogues translate (scripts/lib/i18nMessages.ts finds it); unchanged here. */
const msg = (text: string) => text;

export const PRODUCT_NAME = 'Chorus';
/** What the landing page's title says after the product's name. */
const TAGLINE = msg('Chat with many AI assistants and make short videos');
export const DEFAULT_TITLE = `${PRODUCT_NAME} | ${TAGLINE}`;

export interface PageMeta {
  /** Page title without the product suffix, e.g. "Log In". Omit for the landing page. */
  title?: string;
  /** The landing page's title after the product's name, when not the English one (localizeMeta). */
  tagline?: string;
  description: string;
  keywords?: string[];
  /**
   * Path of the canonical link. Pages with one are meant for search engines; pages without one
   * (signed-in screens, invitations, "not found") are marked noindex.
   */
  canonicalPath?: string;
  /** schema.org data for the page, serialised into a JSON-LD script. */
  structuredData?: object;
  /** Social-preview picture (absolute or site-relative URL). */
  image?: string;
  /** A video for link previews (og:video), with its size. */
  video?: { url: string; width: number; height: number; type?: string };
  /** og:type; `website` unless a page is something more specific. */
  ogType?: string;
}

export const fullTitle = (meta: Pick<PageMeta, 'title' | 'tagline'>) =>
  meta.title ? `${meta.title} | ${PRODUCT_NAME}` : `${PRODUCT_NAME} | ${meta.tagline ?? TAGLINE}`;

export const isIndexable = (meta: PageMeta) => Boolean(meta.canonicalPath);

/**
 * A public page's entry as shown in another language: its title and description through `translate`
 * (a catalogue lookup), and, when the page is drawn under a language's path prefix (`prefix`, e.g.
 * `/es`), its canonical path there too, so each language's page is its own canonical one.
 */
export function localizeMeta(meta: PageMeta, translate: (text: string) => string, prefix = ''): PageMeta {
  return {
    ...meta,
    ...(meta.title ? { title: translate(meta.title) } : { tagline: translate(TAGLINE) }),
    description: translate(meta.description),
    ...(meta.canonicalPath && prefix
      ? { canonicalPath: meta.canonicalPath === '/' ? `${prefix}/` : `${prefix}${meta.canonicalPath}` }
      : {}),
  };
}

// Spec §2: the landing page declares a free software application offer at 0 USD.
const LANDING_STRUCTURED_DATA = {
  '@context': 'https://schema.org',
  '@type': 'SoftwareApplication',
  name: PRODUCT_NAME,
  applicationCategory: 'ProductivityApplication',
  operatingSystem: 'Web',
  description: 'Chat with several leading AI assistants in one place and turn ideas into short videos.',
  offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
};

/** The public pages of spec §2's route table (indexable, listed in the sitemap). */
export const PUBLIC_PAGES = {
  '/': {
    description: msg(
      'Chorus lets you chat with GPT, Claude, Grok, Gemini and more in one place, switch assistants with an @command, and turn ideas into short AI videos. Start free.',
    ),
    keywords: [
      'AI chat',
      'ChatGPT alternative',
      'Claude',
      'Grok',
      'Gemini',
      'AI video generator',
      'multi-model AI',
    ],
    canonicalPath: '/',
    structuredData: LANDING_STRUCTURED_DATA,
  },
  '/features': {
    title: msg('Features'),
    description: msg(
      'Multi-model chat, long-term memory, emotional intelligence, image and video tools, and specialised modes for study, writing, coaching and business.',
    ),
    keywords: ['AI features', 'multi-model AI', 'AI memory', 'AI video', 'Study Mode', 'AI rewriter'],
    canonicalPath: '/features',
  },
  '/ai-video-generator': {
    title: msg('AI Video Generator'),
    description: msg(
      'Turn a text prompt into a short video with Chorus. Set the length, track progress, download MP4s and share them with the community.',
    ),
    keywords: ['AI video generator', 'text to video', 'AI video maker', 'short video AI'],
    canonicalPath: '/ai-video-generator',
  },
  '/community-videos': {
    title: msg('Community Videos'),
    description: msg(
      'Watch short AI-generated videos shared by the Chorus community, with the prompts that made them.',
    ),
    keywords: ['AI videos', 'community gallery', 'text to video examples'],
    canonicalPath: '/community-videos',
  },
  '/ai-chatbot-for-schoolwork': {
    title: msg('AI Chatbot for Schoolwork'),
    description: msg(
      'Study smarter with Chorus: step-by-step explanations, practice questions and essay feedback from GPT, Claude, Gemini and more.',
    ),
    keywords: ['AI homework help', 'study assistant', 'AI tutor', 'essay feedback', 'Study Mode'],
    canonicalPath: '/ai-chatbot-for-schoolwork',
  },
  '/ai-content-rewriter': {
    title: msg('AI Content Rewriter'),
    description: msg(
      'Rewrite drafts into clear, natural text with Chorus. Change tone, shorten, expand or simplify with the AI assistant that suits the job.',
    ),
    keywords: ['AI rewriter', 'paraphrasing tool', 'rewrite text', 'tone changer', 'Rewrite mode'],
    canonicalPath: '/ai-content-rewriter',
  },
  '/ai-life-coach-chatbot': {
    title: msg('AI Life Coach Chatbot'),
    description: msg(
      'Set goals, build habits and think through decisions with Chorus, a patient AI coach that remembers your progress.',
    ),
    keywords: ['AI life coach', 'goal setting', 'habit tracker', 'personal growth', 'Coach mode'],
    canonicalPath: '/ai-life-coach-chatbot',
  },
  '/ai-chatbot-for-business': {
    title: msg('AI Chatbot for Business'),
    description: msg(
      'Automate content and engage audiences with Chorus: SEO copy, social captions, email campaigns and lead follow-up drafted by leading AI models.',
    ),
    keywords: [
      'AI for business',
      'SEO copywriting',
      'social media captions',
      'email campaigns',
      'lead automation',
    ],
    canonicalPath: '/ai-chatbot-for-business',
  },
  '/pricing': {
    title: msg('Plans and Pricing'),
    description: msg(
      'Compare Chorus plans: Free with 10 prompts a month, Premium with unlimited prompts and image analysis, Max with video and image generation.',
    ),
    keywords: ['Chorus pricing', 'AI chat plans', 'AI video generator price'],
    canonicalPath: '/pricing',
  },
  '/login': {
    title: msg('Log In'),
    description: msg(
      'Log in to Chorus to continue your conversations with GPT, Claude, Grok, Gemini and more.',
    ),
    keywords: ['Chorus login', 'AI chat login'],
    canonicalPath: '/login',
  },
  '/register': {
    title: msg('Create Account'),
    description: msg(
      'Create your free Chorus account and chat with GPT, Claude, Grok, Gemini and more in one place.',
    ),
    keywords: ['Chorus sign up', 'free AI chat account'],
    canonicalPath: '/register',
  },
} satisfies Record<string, PageMeta>;

export type PublicPath = keyof typeof PUBLIC_PAGES;

/** Screens for signed-in people (and other private ones): named in the tab, kept out of search. */
export const PRIVATE_PAGES = {
  '/chat': {
    title: 'AI Chat',
    description: 'Chat with GPT, Claude, Grok, Gemini and more in one conversation.',
  },
  '/profile': { title: 'My Profile', description: 'View and edit your Chorus profile.' },
  '/settings': {
    title: 'Settings',
    description: 'Choose how Chorus looks, notifies you and streams answers.',
  },
  '/notifications': {
    title: 'Notifications',
    description: 'What happened on Chorus while you were away.',
  },
  '/settings/safety': {
    title: 'Safety',
    description: 'The reports you made and what came of them, and the people you blocked.',
  },
  '/settings/webhooks': {
    title: 'Webhooks',
    description: 'Send your Chorus events to Zapier, Make, n8n or your own server.',
  },
  '/settings/tools': {
    title: 'Tools (MCP)',
    description: 'Connect MCP servers whose tools the assistants may call, with your approval.',
  },
  '/settings/tokens': {
    title: 'API tokens',
    description: 'Personal API tokens that let your scripts use Chorus as you, with the scopes you choose.',
  },
  '/plans': { title: 'My Plan', description: 'See your Chorus plan and compare Free, Premium and Max.' },
  '/files': {
    title: 'My Files',
    description: 'Upload and manage the files you share with your Chorus assistants.',
  },
  '/friends': {
    title: 'Friends',
    description: 'Find friends on Chorus, see who is online and manage requests.',
  },
  '/messages': { title: 'Messages', description: 'Direct messages with your friends on Chorus.' },
  '/invitations': {
    title: 'Invite Friends',
    description: 'Invite friends to Chorus by email, text message or link.',
  },
  '/gallery': {
    title: 'My Video Gallery',
    description: 'The videos you have generated and saved with Chorus.',
  },
  '/prompts': { title: 'Prompts', description: 'The prompts you use again, and those your friends share.' },
  '/assistants': {
    title: 'Assistants',
    description: 'Your own assistants, those friends share and the public directory.',
  },
  '/liked': { title: 'Liked Videos', description: 'The community videos you liked on Chorus.' },
  '/usage': {
    title: 'Usage',
    description: 'Your prompts, tokens, videos and storage on Chorus, month by month.',
  },
  '/invite': {
    title: "You're invited",
    description:
      'A friend invited you to Chorus: chat with leading AI assistants and make short videos together.',
  },
  // Account links (issue 17): their query carries a one-time token, so they stay out of search.
  '/forgot-password': { title: 'Forgot password', description: 'Get a link to reset your Chorus password.' },
  '/reset-password': {
    title: 'Choose a new password',
    description: 'Set a new password for your Chorus account.',
  },
  '/verify-email': { title: 'Verify your e-mail', description: 'Confirm your e-mail address for Chorus.' },
  '/payment-cancelled': {
    title: 'Payment cancelled',
    description: 'Checkout was cancelled: you have not been charged.',
  },
} satisfies Record<string, PageMeta>;

export const NOT_FOUND_META: PageMeta = {
  title: 'Page Not Found',
  description: 'The page you were looking for does not exist.',
};

export const VIDEO_NOT_FOUND_META: PageMeta = {
  title: 'Video Not Found',
  description: "The video you're looking for doesn't exist or is not public.",
};

export const CREATOR_NOT_FOUND_META: PageMeta = {
  title: 'Creator Not Found',
  description: "The profile you're looking for doesn't exist.",
};

export const SHARE_NOT_FOUND_META: PageMeta = {
  title: 'Shared Chat Not Found',
  description: 'This shared chat does not exist or its link was revoked.',
};

/** What a shared chat's page says about it: its title, and its first message as the description. */
export interface SharePageData {
  title: string;
  messages: { content: string }[];
}

const SHARE_DESCRIPTION_MAX = 200;

/**
 * Meta of /share/{token}: a link preview card (title, the first message) but never indexed (no
 * canonical path): a shared chat is for whoever was given the link, not for search engines.
 */
export function sharePageMeta(share: SharePageData): PageMeta {
  const first = (share.messages.find((m) => m.content.trim())?.content ?? '').replace(/\s+/g, ' ').trim();
  const description =
    first.length > SHARE_DESCRIPTION_MAX ? `${first.slice(0, SHARE_DESCRIPTION_MAX - 1)}…` : first;
  return {
    title: share.title,
    description: description || `A conversation with AI assistants, shared from ${PRODUCT_NAME}.`,
    ogType: 'article',
  };
}

/** The meta of a static public page, for its component's `usePageMeta`. */
export const pageMeta = (path: PublicPath): PageMeta => PUBLIC_PAGES[path];

/**
 * Which entry of the route table a path belongs to. `null` means no route matches (the app shows its
 * 404 page); `video` is /videos/{slug}, whose meta depends on the post; `creator` /u/{username}.
 */
export function matchRoute(
  pathname: string,
):
  | { kind: 'static'; meta: PageMeta }
  | { kind: 'video'; slug: string }
  | { kind: 'share'; token: string }
  | { kind: 'creator'; username: string }
  | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path in PUBLIC_PAGES) return { kind: 'static', meta: PUBLIC_PAGES[path as PublicPath] };
  if (path in PRIVATE_PAGES)
    return { kind: 'static', meta: PRIVATE_PAGES[path as keyof typeof PRIVATE_PAGES] };
  const video = /^\/videos\/([^/]+)$/.exec(path);
  if (video) return { kind: 'video', slug: safeDecode(video[1]!) };
  const share = /^\/share\/([^/]+)$/.exec(path);
  if (share) return { kind: 'share', token: safeDecode(share[1]!) };
  const creator = /^\/u\/([^/]+)$/.exec(path);
  if (creator) return { kind: 'creator', username: safeDecode(creator[1]!) };
  if (/^\/chat\/[^/]+$/.test(path)) return { kind: 'static', meta: PRIVATE_PAGES['/chat'] };
  if (/^\/invite\/[^/]+$/.test(path)) return { kind: 'static', meta: PRIVATE_PAGES['/invite'] };
  return null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** JSON that is safe inside <script>: no `</script>`, no HTML comment openers, no line separators. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

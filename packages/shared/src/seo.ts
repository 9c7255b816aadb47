/**
 * What every page says about itself: title, description, keywords, canonical path and structured
 * data. One table read by both sides: the api renders it into the HTML it sends (crawlers and link
 * previews run no JavaScript), and the web app's `usePageMeta` applies the same entries when the
 * route changes in the browser. Plain TypeScript with no imports, so the web bundle can take it too.
 */

export const PRODUCT_NAME = 'Chorus';
export const DEFAULT_TITLE = `${PRODUCT_NAME} | Chat with many AI assistants and make short videos`;

export interface PageMeta {
  /** Page title without the product suffix, e.g. "Log In". Omit for the landing page. */
  title?: string;
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

export const fullTitle = (meta: Pick<PageMeta, 'title'>) =>
  meta.title ? `${meta.title} | ${PRODUCT_NAME}` : DEFAULT_TITLE;

export const isIndexable = (meta: PageMeta) => Boolean(meta.canonicalPath);

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
    description:
      'Chorus lets you chat with GPT, Claude, Grok, Gemini and more in one place, switch assistants with an @command, and turn ideas into short AI videos. Start free.',
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
    title: 'Features',
    description:
      'Multi-model chat, long-term memory, emotional intelligence, image and video tools, and specialised modes for study, writing, coaching and business.',
    keywords: ['AI features', 'multi-model AI', 'AI memory', 'AI video', 'Study Mode', 'AI rewriter'],
    canonicalPath: '/features',
  },
  '/ai-video-generator': {
    title: 'AI Video Generator',
    description:
      'Turn a text prompt into a short video with Chorus. Set the length, track progress, download MP4s and share them with the community.',
    keywords: ['AI video generator', 'text to video', 'AI video maker', 'short video AI'],
    canonicalPath: '/ai-video-generator',
  },
  '/community-videos': {
    title: 'Community Videos',
    description:
      'Watch short AI-generated videos shared by the Chorus community, with the prompts that made them.',
    keywords: ['AI videos', 'community gallery', 'text to video examples'],
    canonicalPath: '/community-videos',
  },
  '/ai-chatbot-for-schoolwork': {
    title: 'AI Chatbot for Schoolwork',
    description:
      'Study smarter with Chorus: step-by-step explanations, practice questions and essay feedback from GPT, Claude, Gemini and more.',
    keywords: ['AI homework help', 'study assistant', 'AI tutor', 'essay feedback', 'Study Mode'],
    canonicalPath: '/ai-chatbot-for-schoolwork',
  },
  '/ai-content-rewriter': {
    title: 'AI Content Rewriter',
    description:
      'Rewrite drafts into clear, natural text with Chorus. Change tone, shorten, expand or simplify with the AI assistant that suits the job.',
    keywords: ['AI rewriter', 'paraphrasing tool', 'rewrite text', 'tone changer', 'Rewrite mode'],
    canonicalPath: '/ai-content-rewriter',
  },
  '/ai-life-coach-chatbot': {
    title: 'AI Life Coach Chatbot',
    description:
      'Set goals, build habits and think through decisions with Chorus, a patient AI coach that remembers your progress.',
    keywords: ['AI life coach', 'goal setting', 'habit tracker', 'personal growth', 'Coach mode'],
    canonicalPath: '/ai-life-coach-chatbot',
  },
  '/ai-chatbot-for-business': {
    title: 'AI Chatbot for Business',
    description:
      'Automate content and engage audiences with Chorus: SEO copy, social captions, email campaigns and lead follow-up drafted by leading AI models.',
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
    title: 'Plans and Pricing',
    description:
      'Compare Chorus plans: Free with 10 prompts a month, Premium with unlimited prompts and image analysis, Max with video and image generation.',
    keywords: ['Chorus pricing', 'AI chat plans', 'AI video generator price'],
    canonicalPath: '/pricing',
  },
  '/login': {
    title: 'Log In',
    description: 'Log in to Chorus to continue your conversations with GPT, Claude, Grok, Gemini and more.',
    keywords: ['Chorus login', 'AI chat login'],
    canonicalPath: '/login',
  },
  '/register': {
    title: 'Create Account',
    description:
      'Create your free Chorus account and chat with GPT, Claude, Grok, Gemini and more in one place.',
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
 * 404 page); `video` is /videos/{slug}, whose meta depends on the post.
 */
export function matchRoute(
  pathname: string,
):
  | { kind: 'static'; meta: PageMeta }
  | { kind: 'video'; slug: string }
  | { kind: 'share'; token: string }
  | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path in PUBLIC_PAGES) return { kind: 'static', meta: PUBLIC_PAGES[path as PublicPath] };
  if (path in PRIVATE_PAGES)
    return { kind: 'static', meta: PRIVATE_PAGES[path as keyof typeof PRIVATE_PAGES] };
  const video = /^\/videos\/([^/]+)$/.exec(path);
  if (video) return { kind: 'video', slug: safeDecode(video[1]!) };
  const share = /^\/share\/([^/]+)$/.exec(path);
  if (share) return { kind: 'share', token: safeDecode(share[1]!) };
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

/** What a public video page needs to describe itself (a public post and its author). */
export interface VideoPageData {
  slug: string;
  title: string;
  description?: string | null;
  prompt: string;
  tags: string[];
  videoUrl: string;
  thumbnailUrl?: string | null;
  /** Seconds, as stored ('4', '8', '12'). */
  duration?: string | null;
  /** 'WIDTHxHEIGHT'. */
  size?: string | null;
  views: number;
  likes: number;
  createdAt: Date | string;
  author?: string | null;
  /** Provenance: the AI model and provider that made it, or a preview render (no model). */
  model?: string | null;
  provider?: string | null;
  preview?: boolean;
  sourceImageUrl?: string | null;
}

/** "an AI video made with veo-3.1 (google)", "a preview render (no AI model)": what made it. */
export function videoMadeWith(video: Pick<VideoPageData, 'model' | 'provider' | 'preview'>): string {
  if (video.preview) return 'a preview render by Chorus (no AI model)';
  if (video.model)
    return `an AI-generated video made with ${video.model}${video.provider ? ` (${video.provider})` : ''}`;
  return 'an AI-generated video';
}

/** Spec §2: the description falls back to the prompt, then to a generic text. */
export function videoDescription(video: Pick<VideoPageData, 'description' | 'prompt'>): string {
  return (
    video.description?.trim() ||
    video.prompt?.trim() ||
    'An AI-generated video created and shared with Chorus.'
  );
}

/** Meta of /videos/{slug}: the video card (1280x720 unless the post says otherwise), VideoObject and breadcrumb. */
export function videoPageMeta(video: VideoPageData, origin: string): PageMeta {
  const path = `/videos/${encodeURIComponent(video.slug)}`;
  const absolute = (url: string) => new URL(url, origin).href;
  const description = videoDescription(video);
  const [width, height] = /^(\d+)x(\d+)$/.test(video.size ?? '')
    ? (video.size as string).split('x').map(Number)
    : [1280, 720];
  const seconds = Number(video.duration) || undefined;
  const uploadDate = new Date(video.createdAt).toISOString();
  const thumbnail = video.thumbnailUrl ? absolute(video.thumbnailUrl) : undefined;
  return {
    title: video.title,
    description,
    keywords: ['AI video', ...video.tags],
    canonicalPath: path,
    image: thumbnail,
    ogType: 'video.other',
    video: { url: absolute(video.videoUrl), width: width!, height: height!, type: 'video/mp4' },
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'VideoObject',
        name: video.title,
        description,
        ...(thumbnail ? { thumbnailUrl: [thumbnail] } : {}),
        uploadDate,
        ...(seconds ? { duration: `PT${seconds}S` } : {}),
        contentUrl: absolute(video.videoUrl),
        embedUrl: absolute(path),
        width,
        height,
        keywords: video.tags.join(', '),
        ...(video.author ? { author: { '@type': 'Person', name: video.author } } : {}),
        // Provenance (IPTC digital source type): made by a trained model, and which one.
        digitalSourceType: video.preview
          ? 'https://cv.iptc.org/newscodes/digitalsourcetype/algorithmicMedia'
          : 'https://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
        creditText: videoMadeWith(video),
        ...(video.model && !video.preview
          ? {
              creator: {
                '@type': 'SoftwareApplication',
                name: video.model,
                ...(video.provider ? { provider: { '@type': 'Organization', name: video.provider } } : {}),
              },
            }
          : {}),
        interactionStatistic: [
          {
            '@type': 'InteractionCounter',
            interactionType: { '@type': 'WatchAction' },
            userInteractionCount: video.views,
          },
          {
            '@type': 'InteractionCounter',
            interactionType: { '@type': 'LikeAction' },
            userInteractionCount: video.likes,
          },
        ],
      },
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: absolute('/') },
          { '@type': 'ListItem', position: 2, name: 'Videos', item: absolute('/community-videos') },
          { '@type': 'ListItem', position: 3, name: video.title, item: absolute(path) },
        ],
      },
    ],
  };
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** JSON that is safe inside <script>: no `</script>`, no HTML comment openers, no line separators. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The head tags of a page as HTML, every value escaped. `url` is the page's absolute address and
 * `origin` the site's; the client-side `usePageMeta` keeps the same tags (by the same selectors) in step.
 */
export function renderHeadTags(meta: PageMeta, origin: string, url: string): string {
  const title = fullTitle(meta);
  const attr = escapeHtml;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${attr(meta.description)}" />`,
    `<meta name="keywords" content="${attr(meta.keywords?.join(', ') ?? '')}" />`,
    `<meta name="robots" content="${isIndexable(meta) ? 'index, follow' : 'noindex'}" />`,
    `<meta property="og:site_name" content="${PRODUCT_NAME}" />`,
    `<meta property="og:type" content="${attr(meta.ogType ?? 'website')}" />`,
    `<meta property="og:title" content="${attr(title)}" />`,
    `<meta property="og:description" content="${attr(meta.description)}" />`,
    `<meta property="og:url" content="${attr(meta.canonicalPath ? new URL(meta.canonicalPath, origin).href : url)}" />`,
    `<meta name="twitter:card" content="${meta.video ? 'player' : meta.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${attr(title)}" />`,
    `<meta name="twitter:description" content="${attr(meta.description)}" />`,
  ];
  if (meta.image) {
    const image = new URL(meta.image, origin).href;
    tags.push(`<meta property="og:image" content="${attr(image)}" />`);
    tags.push(`<meta name="twitter:image" content="${attr(image)}" />`);
  }
  if (meta.video) {
    const { url: videoUrl, width, height, type = 'video/mp4' } = meta.video;
    tags.push(
      `<meta property="og:video" content="${attr(videoUrl)}" />`,
      `<meta property="og:video:secure_url" content="${attr(videoUrl)}" />`,
      `<meta property="og:video:type" content="${attr(type)}" />`,
      `<meta property="og:video:width" content="${width}" />`,
      `<meta property="og:video:height" content="${height}" />`,
      `<meta name="twitter:player" content="${attr(new URL(meta.canonicalPath ?? url, origin).href)}" />`,
      `<meta name="twitter:player:width" content="${width}" />`,
      `<meta name="twitter:player:height" content="${height}" />`,
      `<meta name="twitter:player:stream" content="${attr(videoUrl)}" />`,
    );
  }
  if (meta.canonicalPath) {
    tags.push(`<link rel="canonical" href="${attr(new URL(meta.canonicalPath, origin).href)}" />`);
  }
  if (meta.structuredData) {
    tags.push(
      `<script type="application/ld+json" data-page-structured-data>${jsonForScript(meta.structuredData)}</script>`,
    );
  }
  return tags.join('\n    ');
}

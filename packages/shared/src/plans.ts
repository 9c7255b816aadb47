import type { Language } from './languages';
/**
 * The plan catalogue (spec §6, §9): prices, periods, what each plan includes. The one place these
 * live: the server charges from it, the GraphQL `plans` query serves it, and the web app imports it
 * (`@chorus/api/plans`, type-only imports here so nothing else reaches the bundle). Metered limits
 * (prompts, images, videos) are not repeated here: they are rows of `plan_limits`, which the
 * server enforces and `plans` reports.
 */
export type PlanType = 'free' | 'monthly' | 'yearly' | 'max' | 'yearlyMax';
export type PaidPlanType = Exclude<PlanType, 'free'>;
export type BillingPeriod = 'month' | 'year';
export type PlanTier = 'free' | 'premium' | 'max';

/** Marks a text for the catalogues (scripts/lib/i18nMessages.ts finds it); the web app translates it where drawn. */
const msg = (text: string) => text;

export interface PlanInfo {
  type: PlanType;
  tier: PlanTier;
  /** The name on the card, e.g. "Premium". */
  name: string;
  /** null for Free, which is the same in both periods. */
  period: BillingPeriod | null;
  /** What is charged each period, in US cents. */
  amountCents: number;
  /** The struck-through "was" price shown next to it, in cents. */
  compareAtCents: number | null;
  /** The savings label on the card ("Save 35%", "29% off"). */
  savingsLabel: string | null;
  /** "Saves $45.88" on yearly cards. */
  savesLabel: string | null;
  /** One-line summary under the name. */
  tagline: string;
  features: string[];
  /** Shown struck out on Free, so the difference to Premium is plain. */
  notIncluded: string[];
  storageBytes: number;
}

const MB = 1024 * 1024;
const GB = 1024 * MB;

const premiumFeatures = [
  msg('Unlimited prompts'),
  msg('All AI models'),
  msg('Image generation'),
  msg('Unlimited history'),
  msg('Image analysis'),
  msg('Priority response'),
  msg('10 GB storage'),
];
const maxFeatures = [
  msg('Everything in Premium'),
  msg('Unlimited video generation'),
  msg('Unlimited image generation'),
  msg('Unlimited conversations'),
  msg('Priority processing'),
  msg('Early access to new features'),
  msg('Dedicated support'),
];

export const PLANS: Record<PlanType, PlanInfo> = {
  free: {
    type: 'free',
    tier: 'free',
    name: 'Free',
    period: null,
    amountCents: 0,
    compareAtCents: null,
    savingsLabel: null,
    savesLabel: null,
    tagline: msg('Get started with the basics'),
    features: [msg('Basic chat'), msg('All 4 models'), msg('10 prompts per month'), msg('100 MB storage')],
    notIncluded: [msg('Unlimited history'), msg('Image analysis'), msg('Priority responses')],
    storageBytes: 100 * MB,
  },
  monthly: {
    type: 'monthly',
    tier: 'premium',
    name: 'Premium',
    period: 'month',
    amountCents: 1299,
    compareAtCents: 1999,
    savingsLabel: msg('Save 35%'),
    savesLabel: null,
    tagline: msg('Unlimited prompts and every model'),
    features: premiumFeatures,
    notIncluded: [],
    storageBytes: 10 * GB,
  },
  yearly: {
    type: 'yearly',
    tier: 'premium',
    name: 'Premium',
    period: 'year',
    amountCents: 11000,
    compareAtCents: 15588,
    savingsLabel: msg('29% off'),
    savesLabel: msg('Saves $45.88'),
    tagline: msg('Unlimited prompts and every model, billed yearly'),
    features: premiumFeatures,
    notIncluded: [],
    storageBytes: 10 * GB,
  },
  max: {
    type: 'max',
    tier: 'max',
    name: 'Max',
    period: 'month',
    amountCents: 11900,
    compareAtCents: null,
    savingsLabel: null,
    savesLabel: null,
    tagline: msg('Unlimited video for creators'),
    features: maxFeatures,
    notIncluded: [],
    storageBytes: 10 * GB,
  },
  yearlyMax: {
    type: 'yearlyMax',
    tier: 'max',
    name: 'Max',
    period: 'year',
    amountCents: 110000,
    compareAtCents: 142800,
    savingsLabel: msg('23% off'),
    savesLabel: msg('Saves $328'),
    tagline: msg('Unlimited video for creators, billed yearly'),
    features: maxFeatures,
    notIncluded: [],
    storageBytes: 10 * GB,
  },
};

export const PLAN_TYPES = Object.keys(PLANS) as PlanType[];
export const PAID_PLAN_TYPES = PLAN_TYPES.filter((t): t is PaidPlanType => t !== 'free');

/** The yearly tab's badge (spec §9). */
export const YEARLY_TAB_BADGE = msg('Save 23%');

/** The three cards of each billing period, in order: Free, Premium, Max. */
export const PLANS_BY_PERIOD: Record<BillingPeriod, [PlanType, PaidPlanType, PaidPlanType]> = {
  month: ['free', 'monthly', 'max'],
  year: ['free', 'yearly', 'yearlyMax'],
};

/**
 * What the client may ask to buy. `premium` is the sign-up form's label for Premium and means
 * the monthly plan (spec §4); anything else must be a paid plan type.
 */
export function paidPlanFrom(value: string): PaidPlanType | null {
  if (value === 'premium') return 'monthly';
  return (PAID_PLAN_TYPES as string[]).includes(value) ? (value as PaidPlanType) : null;
}

export const isPaid = (plan: PlanType) => plan !== 'free';

/** "$12.99", "$1,100": whole dollars without cents. */
export function formatUsd(cents: number): string {
  const dollars = cents / 100;
  return `$${dollars.toLocaleString('en-US', {
    minimumFractionDigits: Number.isInteger(dollars) ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}

const priceFormats = new Map<string, Intl.NumberFormat>();

/**
 * A price in US dollars as `language` writes it: English keeps the spec's exact format (formatUsd:
 * "$20", "$7.99"); another language uses its own ("20 $US", "7,99 $"). The pricing page and the
 * sandbox checkout both write prices this way.
 */
export function formatPrice(cents: number, language: Language): string {
  if (language === 'en') return formatUsd(cents);
  // Whole dollars without cents, as the English prices are written ("20 $", not "20,00 $").
  const whole = cents % 100 === 0;
  const key = `${language}${whole ? ':whole' : ''}`;
  let format = priceFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      style: 'currency',
      currency: 'USD',
      ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
    });
    priceFormats.set(key, format);
  }
  return format.format(cents / 100);
}

/**
 * Subscription statuses that keep a paid plan. `past_due` keeps it while Stripe retries a failed
 * renewal; Stripe ends the subscription (status canceled or unpaid) when it gives up.
 */
export const LIVE_STATUSES = ['active', 'trialing', 'past_due'] as const;

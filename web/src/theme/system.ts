import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import {
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  headingRecipe,
  iconRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  semanticTokens,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Palettes no screen uses (teal, cyan): each palette is some 30 tokens that every page would otherwise
 * build and carry as CSS variables in its HTML. A screen that wants one adds it back here.
 */
const UNUSED_PALETTES = new Set(['teal', 'cyan']);
const withoutUnusedPalettes = <T extends { colors?: object }>(group: T): T => ({
  ...group,
  colors: Object.fromEntries(
    Object.entries(group.colors ?? {}).filter(([name]) => !UNUSED_PALETTES.has(name)),
  ),
});

/**
 * Chakra's default theme, minus most component recipes up front: its ~75 recipes are a third of the
 * theme's weight, and the shell and the marketing pages use nine. The system starts with those;
 * every other module registers the recipes it renders (registerRecipes.ts): the signed-in app's
 * come with ApolloOutlet (appRecipes.ts), a public page's with the page. We keep Chakra's semantic
 * tokens (bg, fg, border…) so every screen gets readable contrast in both colour modes, and only
 * add the brand palette and a few global rules.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: withoutUnusedPalettes(tokens),
    semanticTokens: withoutUnusedPalettes(semanticTokens),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      link: linkRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      card: cardSlotRecipe,
      list: listSlotRecipe,
    },
  },
});

const chorus = defineConfig({
  globalCss: {
    // Purple is Chorus's brand colour: every component picks it up unless told otherwise. The scroll
    // padding keeps what is scrolled or focused into view clear of the public pages' sticky top bar.
    html: { colorPalette: 'purple', scrollPaddingTop: '5rem' },
    // The spec's narrowest supported page is 375px; below that we allow scrolling rather than overlap.
    '#root': { minWidth: '375px', minHeight: '100dvh', display: 'flex', flexDirection: 'column' },
    body: { bg: 'bg', color: 'fg' },
    // Japanese has no spaces: without this a line may break inside a word ("設" / "定"). Browsers
    // that know auto-phrase break between phrases; the others keep their usual breaking. Inherited,
    // so every text of a Japanese page (and the offline page, web/public/offline.html) wraps the same.
    ':lang(ja)': { wordBreak: 'auto-phrase' as 'normal' },
    // Keyboard users must always see where they are, whatever component has focus.
    ':focus-visible': { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
    // "Reduce motion" in the system settings: nothing slides, fades or spins (a spinner stays a still
    // ring; its label says what is loading). It also spares the device the frames: the browser
    // journeys run this way (e2e/support/browser.ts) and spend a sixth less CPU drawing.
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
        body: { value: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
      },
    },
  },
});

let system: SystemContext | undefined;
const whenCreated: ((system: SystemContext) => void)[] = [];

/**
 * The Chakra system, built on first use. Building it is the heaviest step of starting the app (every
 * token, the global CSS), so it is not done while modules load: main.tsx asks for it in a task of its
 * own, apart from evaluating the modules before and hydrating after (one long task is time the page
 * can't respond).
 */
export function getSystem(): SystemContext {
  if (!system) {
    system = createSystem(defaultBaseConfig, chakraTheme, chorus);
    for (const apply of whenCreated.splice(0)) apply(system);
  }
  return system;
}

/** Runs `apply` on the system once it exists (at once if it does). */
export function withSystem(apply: (system: SystemContext) => void): void {
  if (system) apply(system);
  else whenCreated.push(apply);
}

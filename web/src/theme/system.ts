import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * Chorus keeps Chakra's semantic tokens (bg, fg, border…) so every screen gets readable contrast in
 * both colour modes for free; we only add the brand palette and a few global rules.
 */
const config = defineConfig({
  globalCss: {
    // Purple is Chorus's brand colour: every component picks it up unless told otherwise.
    html: { colorPalette: 'purple' },
    // The spec's narrowest supported page is 375px; below that we allow scrolling rather than overlap.
    '#root': { minWidth: '375px', minHeight: '100dvh', display: 'flex', flexDirection: 'column' },
    body: { bg: 'bg', color: 'fg' },
    // Keyboard users must always see where they are, whatever component has focus.
    ':focus-visible': { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
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

export const system = createSystem(defaultConfig, config);

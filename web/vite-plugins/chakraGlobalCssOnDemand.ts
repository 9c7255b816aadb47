import type { Plugin } from 'vite';

/**
 * Chakra's createSystem (node_modules/@chakra-ui/react/dist/esm/styled-system/system.js) builds the
 * global CSS (reset, global rules and every token's CSS variable) before it returns, in the same
 * task as the token dictionary: on a phone that one task was the longest a public page ran before
 * it could respond (Lighthouse's Total Blocking Time). This plugin makes `system._global` a getter
 * that builds the same value on its first read, so the page can build it in a task of its own
 * (web/src/main.tsx). Nothing else changes: ChakraProvider reads `_global` as before.
 *
 * The build fails if Chakra's code no longer has this shape, so an upgrade can't silently drop it.
 */
const FILE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const RETURNED = /\n(\s*)_global,\n/;

export function chakraGlobalCssOnDemand(): Plugin {
  return {
    name: 'chorus:chakra-global-css-on-demand',
    enforce: 'pre',
    transform(code, id) {
      if (!FILE.test(id.split('?')[0] ?? id)) return null;
      if (!code.includes(EAGER) || !RETURNED.test(code)) {
        throw new Error(
          `${id}: Chakra's createSystem has changed shape; update web/vite-plugins/chakraGlobalCssOnDemand.ts`,
        );
      }
      return code
        .replace(EAGER, 'let _global;')
        .replace(
          RETURNED,
          '\n$1get _global() {\n$1  return (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);\n$1},\n',
        );
    },
  };
}

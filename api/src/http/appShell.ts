import type { Language } from '@chorus/shared/languages';
import { PRODUCT_NAME } from '@chorus/shared/seo';
import { escapeHtml } from '../platform/html.ts';
import { msg, translate } from '../platform/i18n.ts';

/**
 * The signed-in chat's outline, sent inside the HTML of /chat so the first paint happens before any
 * script has arrived: the top bar with the wordmark, the sidebar on wide screens and the message box,
 * drawn with an inline stylesheet. The message box is a real one: on a slow phone the app takes
 * seconds more to arrive, and typing starts at once. Enter there asks to send (the small script
 * beside it, which gets the response's CSP nonce like the shell's others: securityHeaders.ts), and
 * the note under the box says the message goes once Chorus has loaded. It lies over the app until
 * the chat page has drawn itself, which takes over what was typed, the focus and the wish to send
 * (web/src/lib/appShell.ts, Composer.tsx) and removes it; any other screen the app ends up on (e.g.
 * /login when the session is gone) removes it too. Sizes and colours follow the chat page's
 * (ChatHeader, ChatSidebar, Composer) so the hand-over doesn't jump; `html.dark` is set before the
 * first paint by index.html's script.
 */
const STYLE = `
#app-shell{position:fixed;inset:0;z-index:10;display:flex;flex-direction:column;background:#fff;color:#09090b;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
#app-shell .as-top{height:57px;flex-shrink:0;display:flex;align-items:center;gap:8px;padding:0 8px 0 52px;border-bottom:1px solid #e4e4e7;font-weight:700;font-size:1.25rem}
#app-shell .as-top img{width:28px;height:28px}
#app-shell .as-body{flex:1;display:flex;min-height:0}
#app-shell .as-side{display:none;width:18rem;flex-shrink:0;border-right:1px solid #e4e4e7;background:#fafafa}
#app-shell .as-main{flex:1;display:flex;flex-direction:column;min-width:0}
#app-shell .as-title{height:44px;border-bottom:1px solid #e4e4e7}
#app-shell .as-fill{flex:1}
#app-shell .as-composer{margin:0 auto 16px;width:calc(100% - 24px);max-width:48rem;border:1px solid #e4e4e7;border-radius:12px;padding:12px 14px;min-height:88px;box-sizing:border-box}
#app-shell textarea{display:block;width:100%;min-height:44px;resize:none;border:0;outline:0;padding:0;background:transparent;color:inherit;font:inherit;font-size:1rem}
#app-shell textarea::placeholder{color:#71717a}
#app-shell .as-composer:focus-within{border-color:#6b46c1;box-shadow:0 0 0 1px #6b46c1}
#app-shell .as-note{margin:4px 0 0;min-height:1em;font-size:.75rem;color:#52525b}
html.dark #app-shell{background:#111;color:#fafafa}
html.dark #app-shell .as-top,html.dark #app-shell .as-title,html.dark #app-shell .as-composer{border-color:#27272a}
html.dark #app-shell .as-side{border-color:#27272a;background:#18181b}
html.dark #app-shell textarea::placeholder{color:#a1a1aa}
html.dark #app-shell .as-note{color:#a1a1aa}
@media (min-width:768px){#app-shell .as-side{display:block}#app-shell .as-top{padding-left:60px}}
`
  .trim()
  .replace(/\n/g, '');

/** Enter (not Shift+Enter, not while composing) asks to send what is typed; the app reads `data-send`. */
const script = (sendsSoon: string) => `(() => {
  const box = document.getElementById('as-message');
  box.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
    event.preventDefault();
    if (!box.value.trim()) return;
    box.dataset.send = '1';
    document.getElementById('as-note').textContent = ${JSON.stringify(sendsSoon).replace(/</g, '\\u003c')};
  });
})();`;

/**
 * The outline in `language`: the language the app will open in (the one chosen in this browser, else
 * the browser's: web.ts), so a Japanese reader isn't shown an English box first. Its texts are the
 * composer's own (Composer.tsx), from the same catalogues.
 */
export function appShellHtml(language: Language): string {
  const t = (text: string, values?: Record<string, unknown>) => escapeHtml(translate(language, text, values));
  const sendsSoon = translate(language, msg('Sends as soon as {product} has loaded'), {
    product: PRODUCT_NAME,
  });
  return `<div id="app-shell"><style>${STYLE}</style><div class="as-top" aria-hidden="true"><img src="/favicon.svg" alt="" width="28" height="28"><span>${PRODUCT_NAME}</span></div><div class="as-body"><div class="as-side" aria-hidden="true"></div><div class="as-main"><div class="as-title" aria-hidden="true"></div><div class="as-fill"></div><div class="as-composer"><textarea id="as-message" aria-label="${t('Message')}" placeholder="${t('Message {product}...', { product: PRODUCT_NAME })}" rows="2" enterkeyhint="send"></textarea><p id="as-note" class="as-note" role="status"></p></div></div></div></div><script>${script(sendsSoon)}</script>`;
}

/** The paths the chat page answers (AppRoutes.tsx: chat/:chatId?). */
export const isChatPath = (path: string) => /^\/chat(?:\/[^/]+)?\/?$/.test(path);

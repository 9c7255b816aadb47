/**
 * The signed-in chat's outline, sent inside the HTML of /chat so the first paint happens before any
 * script has arrived: the top bar with the wordmark, the sidebar on wide screens and an empty
 * message box, drawn with an inline stylesheet (the CSP allows inline styles, never inline scripts:
 * securityHeaders.ts). It lies over the app until the chat page has drawn itself, which removes it
 * (web/src/lib/appShell.ts); any other screen the app ends up on (e.g. /login when the session is
 * gone) removes it too. Sizes and colours follow the chat page's (ChatHeader, ChatSidebar, Composer)
 * so the hand-over doesn't jump; `html.dark` is set before the first paint by index.html's script.
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
#app-shell .as-composer{margin:0 auto 16px;width:calc(100% - 24px);max-width:48rem;border:1px solid #e4e4e7;border-radius:12px;padding:12px 14px;color:#71717a;font-size:.95rem;min-height:88px;box-sizing:border-box}
html.dark #app-shell{background:#111;color:#fafafa}
html.dark #app-shell .as-top,html.dark #app-shell .as-title,html.dark #app-shell .as-composer{border-color:#27272a}
html.dark #app-shell .as-side{border-color:#27272a;background:#18181b}
html.dark #app-shell .as-composer{color:#a1a1aa}
@media (min-width:768px){#app-shell .as-side{display:block}#app-shell .as-top{padding-left:60px}}
`
  .trim()
  .replace(/\n/g, '');

export const APP_SHELL_HTML = `<div id="app-shell" aria-hidden="true"><style>${STYLE}</style><div class="as-top"><img src="/favicon.svg" alt="" width="28" height="28"><span>Chorus</span></div><div class="as-body"><div class="as-side"></div><div class="as-main"><div class="as-title"></div><div class="as-fill"></div><div class="as-composer">Message Chorus...</div></div></div></div>`;

/** The paths the chat page answers (AppRoutes.tsx: chat/:chatId?). */
export const isChatPath = (path: string) => /^\/chat(?:\/[^/]+)?\/?$/.test(path);

// offline.html in the visitor's language, with no network: the language of the address they wanted
// (/ja/pricing), else the one they chose in Chorus (localStorage 'chorus.language':
// web/src/features/languages/languageChoice.ts), else their browser's closest (as matchLanguage in
// packages/shared/src/languages.ts), else English as the page is written. Its texts are in the page
// (#offline-texts). A file, not an inline script: the Content-Security-Policy saved with the page
// runs same-origin files only (api/src/http/securityHeaders.ts). Precached with the page
// (web/vite-plugins/serviceWorker.ts).
(() => {
  let texts;
  try {
    texts = JSON.parse(document.getElementById('offline-texts').textContent);
  } catch {
    return;
  }
  const shipped = Object.keys(texts);
  const exact = (code) => shipped.find((s) => s.toLowerCase() === String(code).toLowerCase());
  const sameBase = (code) =>
    shipped.find((s) => s.toLowerCase().split('-')[0] === String(code).toLowerCase().split('-')[0]);
  const prefix = /^\/([A-Za-z]{2}(?:-[A-Za-z]{2})?)(?:\/|$)/.exec(location.pathname);
  let saved = null;
  try {
    saved = localStorage.getItem('chorus.language');
  } catch {
    // Storage refused (private mode): the browser's languages decide.
  }
  let language = (prefix && exact(prefix[1])) || (saved === 'en' ? 'en' : saved && exact(saved));
  if (!language && saved !== 'en') {
    const wanted = navigator.languages?.length ? navigator.languages : [navigator.language];
    for (const code of wanted) {
      if (/^en\b/i.test(code)) break;
      language = exact(code) || sameBase(code);
      if (language) break;
    }
  }
  const own = language && texts[language];
  if (!own) return;
  document.documentElement.lang = language;
  document.title = own.title;
  for (const element of document.querySelectorAll('[data-text]')) {
    const text = own[element.getAttribute('data-text')];
    if (text) element.textContent = text;
  }
})();

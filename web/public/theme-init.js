// Applies the remembered colour mode before the app renders, so a dark-mode user never sees a white
// flash. Mirrors next-themes' own storage: localStorage "theme" = light | dark | system.
(() => {
  try {
    const stored = localStorage.getItem('theme');
    const prefersDark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    const mode = stored === 'light' || stored === 'dark' ? stored : prefersDark ? 'dark' : 'light';
    document.documentElement.classList.add(mode);
    document.documentElement.style.colorScheme = mode;
  } catch {
    // Storage can be blocked (private mode); the app will apply the mode once it starts.
  }
})();

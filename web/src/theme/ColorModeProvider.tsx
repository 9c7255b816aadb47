import { ThemeProvider, useTheme } from 'next-themes';
import type { ReactNode } from 'react';

export type ColorMode = 'light' | 'dark';
/** What the user picked: a mode, or the device's own (prefers-color-scheme), the default. */
export type ThemeChoice = ColorMode | 'system';

/** The choice this browser holds (next-themes keeps it in localStorage under `theme`). */
export function storedThemeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem('theme');
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

// Marks next-themes' server-rendering script as inert data: see ColorModeProvider.
const INERT_SCRIPT = { type: 'application/json' };

/**
 * next-themes keeps `light`/`dark` on <html> and remembers the choice in localStorage; Chakra's
 * semantic tokens key off that class. Its inline script only helps server rendering, so it is marked
 * as inert data here and the inline script in index.html sets the class before first paint instead.
 */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider
      attribute="class"
      defaultTheme="system"
      enableSystem
      disableTransitionOnChange
      scriptProps={INERT_SCRIPT}
    >
      {children}
    </ThemeProvider>
  );
}

export function useColorMode() {
  const { resolvedTheme, theme, setTheme } = useTheme();
  const colorMode: ColorMode = resolvedTheme === 'dark' ? 'dark' : 'light';
  const themeChoice: ThemeChoice = theme === 'light' || theme === 'dark' ? theme : 'system';
  return {
    colorMode,
    themeChoice,
    setThemeChoice: (choice: ThemeChoice) => setTheme(choice),
    setColorMode: (mode: ColorMode) => setTheme(mode),
    toggleColorMode: () => setTheme(colorMode === 'dark' ? 'light' : 'dark'),
  };
}

import { ThemeProvider, useTheme } from 'next-themes';
import type { ReactNode } from 'react';

export type ColorMode = 'light' | 'dark';

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
  const { resolvedTheme, setTheme } = useTheme();
  const colorMode: ColorMode = resolvedTheme === 'dark' ? 'dark' : 'light';
  return {
    colorMode,
    setColorMode: (mode: ColorMode) => setTheme(mode),
    toggleColorMode: () => setTheme(colorMode === 'dark' ? 'light' : 'dark'),
  };
}

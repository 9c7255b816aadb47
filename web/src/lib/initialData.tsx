import { createContext, type ReactNode, useContext } from 'react';

/**
 * Data a page was drawn with on the server (the api renders the public data pages with their data:
 * entry-prerender.tsx), keyed like `useApiQuery`'s keys. The browser reads the same values from the
 * page's JSON script, so hydration renders exactly what the server sent instead of a spinner, and
 * `useApiQuery` starts from them without asking again. Each entry serves one first render only:
 * coming back to the page later loads fresh data.
 */
export type InitialData = Map<string, unknown>;

const InitialDataContext = createContext<InitialData | null>(null);

export function InitialDataProvider({ data, children }: { data: InitialData; children: ReactNode }) {
  return <InitialDataContext.Provider value={data}>{children}</InitialDataContext.Provider>;
}

export const useInitialData = () => useContext(InitialDataContext);

/** The id of the JSON script the api writes next to a server-drawn page. */
export const INITIAL_DATA_ELEMENT_ID = 'page-data';

/** Reads the data the server drew this page with (none for pages drawn in the browser). */
export function readInitialData(): InitialData {
  const element = document.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (!element?.textContent) return new Map();
  try {
    return new Map(Object.entries(JSON.parse(element.textContent) as Record<string, unknown>));
  } catch (error) {
    console.warn('Could not read the page data', error);
    return new Map();
  }
}

import { useQuery } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { CatalogueQuery } from '../graphql';
import type { Assistant } from './assistants';

/** Spec §4/§9: the model list's version is checked on load and every 30 s. */
export const CATALOGUE_POLL_MS = 30_000;

async function fetchCatalogueVersion(): Promise<string> {
  // Spec §7: /api calls send credentials, carry a `_cb` cache-buster and forbid caching.
  const response = await fetch(`/api/models/version?_cb=${Date.now()}`, {
    credentials: 'include',
    cache: 'no-store',
    headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
  });
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
  const body = (await response.json()) as { version?: unknown };
  if (typeof body.version !== 'string') throw new Error('The model version answer has no version');
  return body.version;
}

export interface CatalogueState {
  assistants: readonly Assistant[];
  /** The server can search the web ("Search the web" is offered only then). */
  webSearch: boolean;
  loading: boolean;
  failed: boolean;
  retry: () => void;
}

/**
 * The assistant catalogue, kept fresh: its version is compared with the server's on load and every
 * 30 seconds, and the list is fetched again when it changed. Failures of the check are only logged.
 */
export function useCatalogue(): CatalogueState {
  const { data, loading, error, refetch } = useQuery(CatalogueQuery);
  const version = data?.catalogue.version;
  const versionRef = useRef(version);
  versionRef.current = version;
  const hasCatalogue = version !== undefined;

  useEffect(() => {
    if (!hasCatalogue) return;
    let cancelled = false;
    const check = async () => {
      try {
        const latest = await fetchCatalogueVersion();
        if (cancelled || latest === versionRef.current) return;
        await refetch().catch((refreshError: unknown) => {
          console.error('Could not refresh the model list', refreshError);
        });
      } catch (checkError) {
        console.error('Could not check the model list version', checkError);
      }
    };
    void check();
    const timer = window.setInterval(() => void check(), CATALOGUE_POLL_MS);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [hasCatalogue, refetch]);

  return {
    assistants: data?.catalogue.assistants ?? [],
    webSearch: data?.catalogue.webSearch ?? false,
    loading: loading && !data,
    failed: !!error && !data,
    retry: () => {
      refetch().catch((refreshError: unknown) =>
        console.error('Could not load the model list', refreshError),
      );
    },
  };
}

import { currentLanguage } from './i18n';

/**
 * A small JSON client for the api's REST shims (/api/*), for pages that should not load Apollo.
 * The session cookie goes along; a non-2xx answer throws an `ApiError` carrying the server's
 * `{ message, code }` and the HTTP status; a network failure throws the browser's TypeError. The
 * api writes its messages in the language the app shows (Accept-Language: api/src/platform/i18n.ts).
 */
export class ApiError extends Error {
  readonly status: number;
  /** The api's error code (`BAD_USER_INPUT`, `NOT_FOUND`…), when the answer carried one. */
  readonly code: string | undefined;

  constructor(status: number, message: string, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

/** `/api/x` plus the query's defined values. */
export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function failureOf(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let message = text || response.statusText;
  let code: string | undefined;
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: unknown; code?: unknown };
    const said = typeof body.message === 'string' ? body.message : body.error;
    if (typeof said === 'string') message = said;
    if (typeof body.code === 'string') code = body.code;
  } catch {
    // Not JSON (a proxy's error page): keep the text.
  }
  return new ApiError(response.status, message, code);
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
}

/** Like `apiFetch`, with the answer's headers (e.g. a page cursor). */
export async function apiFetchWithHeaders<T>(
  path: string,
  init: ApiRequest = {},
): Promise<{ data: T; headers: Headers }> {
  const response = await fetch(apiUrl(path, init.query), {
    method: init.method ?? 'GET',
    credentials: 'include',
    headers:
      init.body === undefined
        ? { Accept: 'application/json', 'Accept-Language': currentLanguage() }
        : {
            Accept: 'application/json',
            'Accept-Language': currentLanguage(),
            'Content-Type': 'application/json',
          },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
  if (!response.ok) throw await failureOf(response);
  const data = (response.status === 204 ? undefined : await response.json()) as T;
  return { data, headers: response.headers };
}

export async function apiFetch<T>(path: string, init: ApiRequest = {}): Promise<T> {
  return (await apiFetchWithHeaders<T>(path, init)).data;
}

export const apiGet = <T>(path: string, query?: Query, signal?: AbortSignal) =>
  apiFetch<T>(path, { query, signal });

export const apiPost = <T>(path: string, body: unknown = {}) => apiFetch<T>(path, { method: 'POST', body });

/** A multipart post (a file upload), as the browser builds it from a FormData. */
export async function apiPostForm<T>(path: string, form: FormData): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json', 'Accept-Language': currentLanguage() },
    body: form,
  });
  if (!response.ok) throw await failureOf(response);
  return (await response.json()) as T;
}

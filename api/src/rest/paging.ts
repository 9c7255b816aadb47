import type { Request, Response } from 'express';

/**
 * The spec's lists answer a plain array; the page after it (for messages, the older one above it)
 * is named in headers, so the spec's shape stays and a client that wants more follows
 * `X-Next-Cursor` or the `Link` rel="next" URL (which keeps the request's other parameters).
 */
export function linkNextPage(
  req: Request,
  res: Response,
  param: 'cursor' | 'before',
  cursor: string | null,
): void {
  if (!cursor) return;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(req.query)) {
    if (typeof value === 'string' && key !== param) query.set(key, value);
  }
  query.set(param, cursor);
  res.setHeader('X-Next-Cursor', cursor);
  res.setHeader('Link', `<${req.baseUrl}${req.path}?${query}>; rel="next"`);
}

/** A query parameter as text; a repeated one (an array) is passed on for the schema to refuse. */
export const queryParam = (value: unknown) => value ?? undefined;

/**
 * A REST list's page request: `?limit=&cursor=` (the cursor as the services' `after`) and the named
 * filters, each passed on as sent for the service's schema to check.
 */
export function pageQuery(req: Request, filters: readonly string[] = []): Record<string, unknown> {
  const query: Record<string, unknown> = {
    limit: queryParam(req.query.limit),
    after: queryParam(req.query.cursor),
  };
  for (const name of filters) query[name] = queryParam(req.query[name]);
  return query;
}

/**
 * A tiny browser-like HTTP client: keeps the session cookie between requests, sends JSON, and
 * returns status, headers and parsed body. Each instance is one "browser".
 */
export class HttpClient {
  private cookies = new Map<string, string>();
  lastSetCookie: string[] = [];

  constructor(
    readonly baseUrl: string,
    private readonly ip?: string,
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
        ...(this.ip ? { 'x-forwarded-for': this.ip } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    this.lastSetCookie = res.headers.getSetCookie();
    for (const line of this.lastSetCookie) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json: T | undefined;
    try {
      json = text ? (JSON.parse(text) as T) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, body: json as T, text };
  }

  /** A multipart upload, as a browser's FormData post (with `fields` as text fields before the file). */
  async upload<T = any>(
    path: string,
    field: string,
    bytes: Buffer,
    filename: string,
    type = 'application/octet-stream',
    fields: Record<string, string> = {},
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
    const res = await fetch(this.baseUrl + path, {
      method: 'POST',
      headers: this.cookies.size ? { cookie: this.cookieHeader } : {},
      body: form,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  get = <T = any>(path: string, headers?: Record<string, string>) =>
    this.request<T>('GET', path, undefined, headers);
  post = <T = any>(path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request<T>('POST', path, body ?? {}, headers);
  patch = <T = any>(path: string, body?: unknown) => this.request<T>('PATCH', path, body ?? {});
  put = <T = any>(path: string, body?: unknown) => this.request<T>('PUT', path, body ?? {});

  /** A GraphQL operation over HTTP, as Apollo Client sends it. */
  async gql<T = any>(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>) {
    const res = await this.request<{
      data?: T;
      errors?: { message: string; extensions?: { code?: string } }[];
    }>('POST', '/graphql', { query, variables }, headers);
    return { ...res, data: res.body?.data, errors: res.body?.errors };
  }

  forgetCookies() {
    this.cookies.clear();
  }
}

import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';

/** A graphql-ws client that presents a browser's session cookie, like the web app does. */
export function wsClient(baseUrl: string, cookie?: string): Client {
  class CookieWebSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, cookie ? { headers: { cookie } } : {});
    }
  }
  return createClient({
    url: `${baseUrl.replace('http', 'ws')}/graphql`,
    webSocketImpl: CookieWebSocket,
    retryAttempts: 0,
  });
}

/** Collects a graphql-ws subscription's events until the returned stop() is called. */
export function subscribe(app: { url: string }, cookie: string, query: string) {
  const client = wsClient(app.url, cookie);
  const events: any[] = [];
  const errors: unknown[] = [];
  const ready = new Promise<void>((resolve) => client.on('connected', () => resolve()));
  const stop = client.subscribe(
    { query },
    { next: (v) => events.push(v.data), error: (e) => errors.push(e), complete: () => {} },
  );
  return {
    events,
    errors,
    ready,
    close: async () => {
      stop();
      await client.dispose();
    },
  };
}

export const SOCIAL_EVENTS = `subscription { socialEvents { kind friendshipId conversationId friend { id username online } message { id content senderId conversationId } } }`;

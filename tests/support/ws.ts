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

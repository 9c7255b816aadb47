/**
 * Whether a WebSocket upgrade may proceed, judged by its Origin header. Browsers always send one
 * and let any page open a socket to any site with the user's cookies (cross-site WebSocket
 * hijacking), so a browser's socket must come from our own pages: the configured PUBLIC_URL's
 * origin, or, without PUBLIC_URL, a page on the host the request was sent to (npm start on
 * localhost, the Vite dev server's proxy). Clients that send no Origin are not browsers (no
 * ambient cookies to abuse) and stay allowed.
 */
export function webSocketOriginAllowed(
  origin: string | undefined,
  host: string | undefined,
  publicUrl: string | undefined,
): boolean {
  if (origin === undefined || origin === '') return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (publicUrl) return parsed.origin === new URL(publicUrl).origin;
  return host !== undefined && parsed.host.toLowerCase() === host.toLowerCase();
}

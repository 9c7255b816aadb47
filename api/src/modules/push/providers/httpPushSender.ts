import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { safeLookup } from '../../../platform/outboundUrl.ts';
import type { PushOutcome, PushSend } from '../core/deliver.ts';

/**
 * Posts one Web Push: web-push encrypts the payload for the subscription (aes128gcm) and signs the
 * VAPID header (`generateRequestDetails`); the request itself goes out here rather than through its
 * `sendNotification`, which speaks https only (the tests' fake push service is plain http on
 * loopback, allowed outside production) and would connect wherever DNS points. Here the connection
 * goes only to an address `safeLookup` checked (no private or metadata addresses in production),
 * redirects are not followed, and the whole exchange has `timeoutMs`, so a slow push service holds a
 * worker slot for that long at most.
 */
export function httpPushSender(options: { allowLocal: boolean; timeoutMs: number }): PushSend {
  const lookup = safeLookup(options.allowLocal);
  return (target, payload, push) =>
    new Promise<PushOutcome>((resolve) => {
      const done = (statusCode: number | null, error: string | null) => resolve({ statusCode, error });
      let details: ReturnType<typeof webpush.generateRequestDetails>;
      let url: URL;
      try {
        details = webpush.generateRequestDetails(target, payload, {
          vapidDetails: push.vapid,
          TTL: push.ttl,
          topic: push.topic,
          contentEncoding: 'aes128gcm',
        });
        url = new URL(details.endpoint);
      } catch (err) {
        return done(null, (err as Error).message.slice(0, 500));
      }
      const client = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : null;
      if (!client) return done(null, `unsupported protocol ${url.protocol}`);
      const req = client.request(
        url,
        {
          method: details.method,
          headers: details.headers as http.OutgoingHttpHeaders,
          lookup: lookup as never,
          timeout: options.timeoutMs,
          agent: false,
        },
        (res) => {
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > 65_536) res.destroy();
          });
          res.on('close', () => done(res.statusCode ?? null, null));
          res.on('error', () => {});
        },
      );
      const deadline = setTimeout(
        () => req.destroy(new Error(`timed out after ${options.timeoutMs} ms`)),
        options.timeoutMs,
      );
      req.on('close', () => clearTimeout(deadline));
      req.on('timeout', () => req.destroy(new Error(`timed out after ${options.timeoutMs} ms`)));
      req.on('error', (err) => done(null, err.message.slice(0, 500)));
      req.end(details.body ?? undefined);
    });
}

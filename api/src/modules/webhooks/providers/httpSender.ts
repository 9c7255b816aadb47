import http from 'node:http';
import https from 'node:https';
import { safeLookup } from '../../../platform/outboundUrl.ts';
import type { SendOutcome, WebhookSender } from '../core/deliver.ts';

/**
 * Posts a webhook with node's http/https: the connection goes to an address `safeLookup` checked
 * after resolving (so DNS rebinding can't point it inward), redirects are not followed (node's
 * client never does), and the whole exchange has `timeoutMs`. Only the status is kept; the
 * receiver's answer is read and dropped, at most 64 KB of it.
 */
export function httpWebhookSender(options: {
  allowPrivateTargets: boolean;
  timeoutMs: number;
}): WebhookSender {
  const lookup = safeLookup(options.allowPrivateTargets);
  return (url, headers, body) =>
    new Promise<SendOutcome>((resolve) => {
      const started = performance.now();
      const done = (statusCode: number | null, error: string | null) =>
        resolve({ statusCode, error, durationMs: Math.round(performance.now() - started) });
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return done(null, 'invalid URL');
      }
      const client = target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : null;
      if (!client) return done(null, `unsupported protocol ${target.protocol}`);
      const req = client.request(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'Content-Length': Buffer.byteLength(body).toString() },
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
      req.end(body);
    });
}

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An in-process server answering Twilio's Messages API (form-encoded POST, basic auth). */
export interface FakeTwilio {
  baseUrl: string;
  messages: { accountSid: string; authorization: string; to: string; from: string; body: string }[];
  close(): Promise<void>;
}

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const messages: FakeTwilio['messages'] = [];
  const server = createServer(async (req, res) => {
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? '');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    res.setHeader('content-type', 'application/json');
    if (req.method !== 'POST' || !match) {
      res.statusCode = 404;
      res.end(JSON.stringify({ code: 20404, message: 'The requested resource was not found' }));
      return;
    }
    const to = form.get('To') ?? '';
    if (to.replace(/\D/g, '').startsWith('000')) {
      res.statusCode = 400;
      res.end(JSON.stringify({ code: 21211, message: `The 'To' number ${to} is not a valid phone number.` }));
      return;
    }
    messages.push({
      accountSid: decodeURIComponent(match[1]!),
      authorization: req.headers.authorization ?? '',
      to,
      from: form.get('From') ?? '',
      body: form.get('Body') ?? '',
    });
    res.statusCode = 201;
    res.end(JSON.stringify({ sid: `SM${messages.length.toString().padStart(32, '0')}`, status: 'queued' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { logger } from './logger.ts';

type Handler = (payload: string) => void;

const ORIGIN_LENGTH = 12;
const SEP = '|';

/**
 * Cross-process events over Postgres LISTEN/NOTIFY: any api or worker process can publish, and
 * every process listening on the channel hears it. One dedicated connection per process listens;
 * it reconnects (and re-LISTENs) if the database drops it.
 */
export class PubSub {
  private listener?: pg.Client;
  private readonly handlers = new Map<string, Set<Handler>>();
  /** The channels this process LISTENs to (some handlers want local events only). */
  private readonly listening = new Set<string>();
  private closed = false;
  private readonly origin = randomBytes(ORIGIN_LENGTH / 2).toString('hex');
  private connecting?: Promise<void>;
  private commands: Promise<void> = Promise.resolve();

  constructor(
    private readonly databaseUrl: string,
    private readonly publisher: pg.Pool,
  ) {}

  /**
   * Delivers to this process's handlers at once (no database round trip for the common case of
   * the listener living where the event happens), then to every other process through NOTIFY.
   * Our own NOTIFY echo is recognised by its origin prefix and skipped.
   */
  async publish(channel: string, payload: string): Promise<void> {
    this.deliver(channel, payload);
    await this.publishRemote(channel, payload);
  }

  /** Only to this process's handlers (no database round trip). */
  publishLocal(channel: string, payload: string): void {
    this.deliver(channel, payload);
  }

  /** Only to the other processes, through NOTIFY. */
  async publishRemote(channel: string, payload: string): Promise<void> {
    await this.publisher.query('select pg_notify($1, $2)', [channel, this.remotePayload(payload)]);
  }

  /**
   * The NOTIFY payload that carries `payload` to the other processes, for a statement that sends it
   * itself with `pg_notify(channel, that)` (at its commit, and only if it commits), saving a round trip.
   */
  remotePayload(payload: string): string {
    return `${this.origin}${SEP}${payload}`;
  }

  private deliver(channel: string, payload: string): void {
    for (const handler of this.handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        logger.error({ err, channel }, 'pubsub handler failed');
      }
    }
  }

  /** Calls `handler` for every message on `channel`; returns a function that stops it. */
  /**
   * Calls `handler` for every message on `channel`; returns a function that stops it. With
   * `localOnly`, only this process's own publications reach it, and no LISTEN is sent: for events
   * that can only come from here (an answer written in this process), two round trips saved on the
   * one listening connection every other subscriber shares.
   */
  async subscribe(
    channel: string,
    handler: Handler,
    options: { localOnly?: boolean } = {},
  ): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    if (!options.localOnly && !this.listening.has(channel)) {
      this.listening.add(channel);
      await this.connect();
      await this.command(`listen ${quote(channel)}`);
    }
    return async () => {
      set.delete(handler);
      if (set.size === 0 && this.handlers.get(channel) === set) {
        this.handlers.delete(channel);
        if (this.listening.delete(channel)) await this.command(`unlisten ${quote(channel)}`).catch(() => {});
      }
    };
  }

  private connect(): Promise<void> {
    if (this.listener) return Promise.resolve();
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.databaseUrl });
      client.on('notification', (msg) => {
        const raw = msg.payload ?? '';
        const sep = raw.indexOf(SEP);
        // Payloads from publish() carry their origin; those from SQL triggers don't.
        const fromPublish = sep === ORIGIN_LENGTH;
        if (fromPublish && raw.slice(0, sep) === this.origin) return;
        this.deliver(msg.channel, fromPublish ? raw.slice(sep + 1) : raw);
      });
      client.on('error', (err) => {
        if (this.closed) return;
        // 57P01: the database is shutting down (e.g. Ctrl+C on npm start stops it with us).
        const shuttingDown = (err as { code?: string }).code === '57P01';
        logger[shuttingDown ? 'info' : 'warn'](
          { err: shuttingDown ? undefined : err },
          'pubsub connection lost; reconnecting',
        );
        this.listener = undefined;
        void this.reconnect();
      });
      await client.connect();
      // Closed while connecting: this connection is nobody's to end later.
      if (this.closed) {
        await client.end().catch(() => {});
        return;
      }
      this.listener = client;
    })().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async reconnect(): Promise<void> {
    for (let attempt = 0; !this.closed; attempt++) {
      await new Promise((r) => setTimeout(r, Math.min(5000, 100 * 2 ** attempt)));
      try {
        await this.connect();
        for (const channel of this.listening) await this.command(`listen ${quote(channel)}`);
        return;
      } catch {
        // keep trying until closed
      }
    }
  }

  /** LISTEN/UNLISTEN one at a time: a pg client runs one query at a time. */
  private command(sql: string): Promise<void> {
    const run = this.commands.then(async () => {
      await this.listener?.query(sql);
    });
    this.commands = run.catch(() => {});
    return run;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
    this.listening.clear();
    await this.connecting?.catch(() => {});
    await this.listener?.end().catch(() => {});
    this.listener = undefined;
  }
}

const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

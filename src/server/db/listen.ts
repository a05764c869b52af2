import pg from 'pg';

export interface ListenHandlers {
  /** Each notification's payload on the channel. */
  message(payload: string): void;
  /** True once LISTEN is in place, false whenever the connection is lost (messages may have been missed). */
  state(listening: boolean): void;
}

/** How long a lost listener waits before it connects again. */
const RECONNECT_MS = 1000;

/**
 * LISTEN on `channel` over a connection of its own (a pooled one would be handed to other requests; and
 * PgBouncer's transaction mode cannot carry it, so this connects to PostgreSQL as the pool does). A lost
 * connection says so and retries every second until `stop`.
 */
export function listenOn(config: pg.ClientConfig, channel: string, handlers: ListenHandlers) {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = undefined;
    handlers.state(false);
    client.end().catch(() => undefined);
    if (!stopped) {
      retry = setTimeout(connect, RECONNECT_MS);
      retry.unref();
    }
  };

  async function connect() {
    const client = new pg.Client(config);
    current = client;
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    client.on('notification', (note) => {
      if (note.channel === channel) handlers.message(note.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (current === client && !stopped) handlers.state(true);
    } catch {
      lost(client);
    }
  }

  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}

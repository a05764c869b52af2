import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  url: string;
  /** Every message the server accepted, parsed, in the order they arrived. */
  received: ParsedMail[];
  /** Refuse the next `count` messages with `code` (4xx: try later; 5xx: never). */
  refuseNext(count: number, code: number): void;
  /** Resolves once `count` messages have arrived (or rejects after `ms`). */
  waitFor(count: number, ms?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback (the `smtp-server` package), for the email worker's tests. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ParsedMail[] = [];
  let refusals: { left: number; code: number } = { left: 0, code: 451 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals.left > 0) {
          refusals.left -= 1;
          const err = Object.assign(new Error('Refused by the test server'), { responseCode: refusals.code });
          return callback(err);
        }
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count, code) {
      refusals = { left: count, code };
    },
    async waitFor(count, ms = 10_000) {
      const until = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} emails, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 for the mail tests: it takes a user and password, keeps what arrives (parsed by
 * mailparser) and lets a test wait for the next message. No TLS: the tests' transport is local.
 */
export interface TestSmtp {
  url: string;
  received: ParsedMail[];
  /** The next message to arrive after `seen` were received (default: all received so far). */
  next(seen?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export const SMTP_USER = 'trove';
export const SMTP_PASS = 'smtp-secret';

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  const waiting: { after: number; resolve: (mail: ParsedMail) => void }[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          for (const waiter of waiting.splice(0)) {
            const message = received[waiter.after];
            if (message) waiter.resolve(message);
            else waiting.push(waiter);
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${port}`,
    received,
    next(seen = received.length) {
      const message = received[seen];
      if (message) return Promise.resolve(message);
      return new Promise((resolve) => waiting.push({ after: seen, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first address under `base` in a message's text. */
export function linkIn(mail: ParsedMail, base: string): string {
  const escaped = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}\\S+`).exec(mail.text ?? '');
  if (!match) throw new Error(`no link under ${base} in: ${mail.text}`);
  return match[0];
}

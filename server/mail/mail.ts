/**
 * Mail, built once for the whole product (password resets, registration invitations, and the sharing and team
 * invitations to come): configured by TROVE_SMTP_URL and TROVE_MAIL_FROM (README, "Mail"). Without SMTP a message
 * is not sent and the caller is told so, and falls back (the link is still made in the app or printed by the CLI).
 */

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text body; every message has one. */
  text: string;
  /** The HTML body, built with `composeMail` so every text in it is escaped. */
  html?: string;
}

export type MailOutcome = { sent: true } | { sent: false; reason: 'not configured' | 'failed'; message?: string };

export interface Mailer {
  /** Whether SMTP is configured (a reset link can be mailed). */
  readonly configured: boolean;
  sendMail(message: MailMessage): Promise<MailOutcome>;
  close(): void;
}

export interface MailConfig {
  /** smtp://user:pass@host:port (STARTTLS when the server offers it) or smtps://… (TLS from the start). */
  smtpUrl?: string;
  /** The From address, e.g. `Trove <trove@example.com>`. */
  from?: string;
}

/** Checks TROVE_SMTP_URL and TROVE_MAIL_FROM at start; throws naming the variable. */
export function checkMailConfig(config: MailConfig): MailConfig {
  if (!config.smtpUrl) return {};
  let url: URL;
  try {
    url = new URL(config.smtpUrl);
  } catch {
    throw new Error('TROVE_SMTP_URL must be a URL such as smtp://user:pass@mail.example.com:587');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new Error(`TROVE_SMTP_URL must start with smtp:// or smtps://, got "${url.protocol}//…"`);
  if (!config.from?.trim()) throw new Error('TROVE_MAIL_FROM is required when TROVE_SMTP_URL is set');
  return { smtpUrl: config.smtpUrl, from: config.from.trim() };
}

const notConfigured: Mailer = {
  configured: false,
  sendMail: async () => ({ sent: false, reason: 'not configured' }),
  close: () => {},
};

/**
 * The server's mailer: one pooled SMTP transport, or one that reports "not configured". nodemailer is loaded only
 * when SMTP is configured (~0.15 s of CPU at a start without it).
 */
export async function createMailer(config: MailConfig): Promise<Mailer> {
  const checked = checkMailConfig(config);
  if (!checked.smtpUrl) return notConfigured;
  const { createTransport } = await import('nodemailer');
  const transport = createTransport(checked.smtpUrl, { from: checked.from });
  return {
    configured: true,
    async sendMail(message) {
      try {
        await transport.sendMail({ ...message });
        return { sent: true };
      } catch (error) {
        // The caller answers as if it had gone (no account enumeration); the operator reads why here.
        console.error(`[trove] mail to ${message.to} failed:`, error);
        return { sent: false, reason: 'failed', message: error instanceof Error ? error.message : String(error) };
      }
    },
    close: () => transport.close(),
  };
}

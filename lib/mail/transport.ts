import 'server-only';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';

// Where e-mail goes: the SMTP server of SMTP_URL; without it, outside production, .eml
// files under .data/mail (MAIL_DIR) that the development mail page lists.

export function mailDir(): string {
  return process.env.MAIL_DIR || path.join(process.cwd(), '.data', 'mail');
}

export function mailFrom(): string {
  return process.env.MAIL_FROM || 'Envolve <notifications@envolve.local>';
}

// nodemailer waits two minutes for a connection and ten for a silent server, while the
// mail job runs one delivery at a time across instances (lib/jobs/mail.ts): one stalled
// server held every e-mail back for that long. These bound each step of a send so a stall
// fails the message (tried again later) within seconds. SMTP_URL may set its own as query
// parameters (`?socketTimeout=60000`), which nodemailer reads as options.
const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

let cached: { url: string; transport: Transporter } | undefined;

function withTimeouts(url: string): string {
  const parsed = new URL(url);
  for (const [name, ms] of Object.entries(SMTP_TIMEOUTS_MS)) {
    if (!parsed.searchParams.has(name)) parsed.searchParams.set(name, String(ms));
  }
  return parsed.toString();
}

function smtpTransport(url: string): Transporter {
  if (cached?.url !== url) cached = { url, transport: nodemailer.createTransport(withTimeouts(url)) };
  return cached.transport;
}

/** Sends one message; gives its Message-ID. */
export async function sendMail(message: SendMailOptions): Promise<string> {
  const url = process.env.SMTP_URL;
  if (url) {
    const sent = await smtpTransport(url).sendMail(message);
    return sent.messageId;
  }
  // The message as it would go out, written where a developer can open it.
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(message);
  const dir = mailDir();
  await mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const name = `${stamp}-${built.messageId.replace(/[^A-Za-z0-9]/g, '').slice(0, 40)}.eml`;
  await writeFile(path.join(dir, name), built.message as Buffer);
  return built.messageId;
}

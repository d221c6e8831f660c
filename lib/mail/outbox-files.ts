import 'server-only';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { mailDir } from './transport';

export type MailFile = { name: string; to: string; subject: string; date: string | null; html: string; text: string };

/** The e-mails written to disk without SMTP_URL, newest first (at most `limit`). */
export async function listMailFiles(limit = 50): Promise<MailFile[]> {
  const dir = mailDir();
  const names = await readdir(dir).catch(() => [] as string[]);
  const newest = names
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse()
    .slice(0, limit);
  return Promise.all(
    newest.map(async (name) => {
      const parsed = await simpleParser(await readFile(path.join(dir, name)));
      const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
      return {
        name,
        to,
        subject: parsed.subject ?? '',
        date: parsed.date?.toISOString() ?? null,
        html: typeof parsed.html === 'string' ? parsed.html : '',
        text: parsed.text ?? '',
      };
    }),
  );
}

import 'server-only';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject, type EmailAddress, type ParsedMail } from 'mailparser';
import { mailDir } from './transport';

/** One e-mail written to disk without SMTP_URL, as the development mailbox lists it. */
export type MailSummary = {
  name: string;
  subject: string;
  from: string;
  to: string;
  date: string | null;
};

/** A file that is not an e-mail mailparser can read; the mailbox says so instead of failing. */
export type UnreadableMail = { name: string; error: string };

/** One e-mail with its parts: `html` is null when the message has no HTML part, `text` likewise. */
export type MailMessage = MailSummary & { html: string | null; text: string | null };

export const isUnreadable = (mail: MailSummary | UnreadableMail): mail is UnreadableMail => 'error' in mail;

// The mailbox shows the parts as they were sent: no text made up from the HTML, no HTML
// made from the text, and no work spent on links the page does not use.
const AS_SENT = { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true };

async function mailNames(): Promise<string[]> {
  const names = await readdir(mailDir()).catch(() => [] as string[]);
  // The writer names files by time, so the newest sort last.
  return names
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse();
}

// As a person writes them: mailparser's own text quotes every name ("Envolve" <…>).
function addressText(address: EmailAddress): string {
  if (address.group) return `${address.name}: ${address.group.map(addressText).join(', ')};`;
  return address.name ? `${address.name} <${address.address ?? ''}>` : (address.address ?? '');
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string {
  if (!field) return '';
  return (Array.isArray(field) ? field : [field])
    .flatMap((list) => list.value)
    .map(addressText)
    .join(', ');
}

function summaryOf(name: string, parsed: ParsedMail): MailSummary {
  return {
    name,
    subject: parsed.subject ?? '',
    from: addressesOf(parsed.from),
    to: addressesOf(parsed.to),
    date: parsed.date?.toISOString() ?? null,
  };
}

async function parseFile(name: string): Promise<ParsedMail | UnreadableMail> {
  try {
    return await simpleParser(await readFile(path.join(mailDir(), name)), AS_SENT);
  } catch (error) {
    return { name, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The newest e-mails (at most `limit`), newest first, and how many files there are in all. */
export async function listMailFiles(
  limit = 50,
): Promise<{ mails: Array<MailSummary | UnreadableMail>; total: number }> {
  const names = await mailNames();
  const mails = await Promise.all(
    names.slice(0, limit).map(async (name) => {
      const parsed = await parseFile(name);
      return 'error' in parsed ? parsed : summaryOf(name, parsed);
    }),
  );
  return { mails, total: names.length };
}

/**
 * One e-mail by its file name, or null when the folder holds no such file. Only a name the
 * folder lists is read, so a name from the address cannot reach another file.
 */
export async function getMailFile(name: string): Promise<MailMessage | UnreadableMail | null> {
  if (!(await mailNames()).includes(name)) return null;
  const parsed = await parseFile(name);
  if ('error' in parsed) return parsed;
  return {
    ...summaryOf(name, parsed),
    html: typeof parsed.html === 'string' ? parsed.html : null,
    // Without a text part (and with skipHtmlToText) mailparser gives an empty string.
    text: parsed.text || null,
  };
}

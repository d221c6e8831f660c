import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import DevMailMessagePage from '@/app/(app)/dev/mail/[name]/page';
import DevMailPage from '@/app/(app)/dev/mail/page';
import { sendMail } from '@/lib/mail/transport';
import { composeEmail } from '@/lib/notifications/deliver';
import { unsubscribeToken } from '@/lib/notifications/unsubscribe';

// The development mailbox: the .eml files written without SMTP_URL, listed at /dev/mail and
// shown one at a time at /dev/mail/{file}, the HTML part in a sandboxed frame whose links
// open outside it, the plain text with its addresses as links. Production answers 404.

const SITE = 'http://envolve.example:8080';
const NOT_FOUND = { digest: 'NEXT_HTTP_ERROR_FALLBACK;404' };
const SANDBOX = 'allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation';
const LINK =
  'target="_blank" rel="noopener noreferrer" class="break-all text-brand-700 underline hover:text-brand-800"';
const FROM = 'Envolve <notifications@envolve.example>';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'envolve-mail-'));
  vi.stubEnv('MAIL_DIR', dir);
  vi.stubEnv('SMTP_URL', '');
  vi.stubEnv('NEXTAUTH_URL', SITE);
  vi.stubEnv('MAIL_FROM', FROM);
  // Dates are shown in the server's time zone.
  vi.stubEnv('TZ', 'UTC');
});

afterEach(async () => {
  vi.useRealTimers();
  await rm(dir, { recursive: true, force: true });
});

/** Writes a message as the app does without SMTP_URL, at a known time; gives its file name. */
async function writeMail(at: string, message: Parameters<typeof sendMail>[0]): Promise<string> {
  const before = new Set(await readdir(dir));
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(at));
  await sendMail({ from: FROM, ...message });
  vi.useRealTimers();
  const [name] = (await readdir(dir)).filter((file) => !before.has(file));
  return name!;
}

const listPage = async () => renderToStaticMarkup(await DevMailPage());
const messagePage = async (name: string) =>
  renderToStaticMarkup(await DevMailMessagePage({ params: Promise.resolve({ name }) }));
/** The list of e-mails, as markup. */
const listOf = (html: string) => /<ul aria-label="E-mails".*<\/ul>/s.exec(html)?.[0];
/** One part of a message view ('HTML', 'Plain text'), as markup. */
const partOf = (html: string, title: string) =>
  new RegExp(`<section aria-label="${title}".*?</section>`, 's').exec(html)?.[0];

const PRE = '<pre class="overflow-x-auto px-4 py-4 font-mono text-sm whitespace-pre-wrap text-slate-800 sm:px-6">';
/** A part of a message view, as the page writes it around `body`. */
const section = (title: string, body: string) =>
  `<section aria-label="${title}" class="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">` +
  `<h2 class="border-b border-slate-100 px-4 py-2 text-sm font-semibold text-slate-700 sm:px-6">${title}</h2>${body}</section>`;

type Row = { name: string; subject: string; time?: [string, string]; to: string; from: string };
/** A readable e-mail in the list, as the page writes it. */
const row = ({ name, subject, time, to, from }: Row) =>
  `<li><a class="block px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 sm:px-6" href="/dev/mail/${name}">` +
  '<span class="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5">' +
  `<span class="min-w-0 font-semibold break-words text-ink">${subject}</span>` +
  (time ? `<time dateTime="${time[0]}" class="shrink-0 text-xs text-slate-500">${time[1]}</time>` : '') +
  `</span><span class="mt-0.5 block truncate text-sm text-slate-600">To ${to} · from ${from}</span></a></li>`;
const LIST =
  '<ul aria-label="E-mails" class="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">';
const ENVOLVE = 'Envolve &lt;notifications@envolve.example&gt;';
const MARCH_4 = ['2026-03-04T05:06:07.000Z', 'Mar 4, 2026, 5:06:07 AM'] as [string, string];
/** The frame of an HTML part whose srcdoc, escaped, is `srcdoc`. */
const frame = (subject: string, srcdoc: string) =>
  `<iframe title="HTML part of the e-mail: ${subject}" srcDoc="${srcdoc}" sandbox="${SANDBOX}" class="block h-[28rem] w-full bg-white"></iframe>`;

// React's escaping of an attribute value, to write the expected frame.
const attribute = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');

describe('the development mailbox', () => {
  it('answers 404 in production, the list and every message alike', async () => {
    const name = await writeMail(MARCH_4[0], { to: 'maya@example.com', subject: 'Hi', text: 'Hi' });
    vi.stubEnv('NODE_ENV', 'production');
    await expect(DevMailPage()).rejects.toMatchObject(NOT_FOUND);
    await expect(DevMailMessagePage({ params: Promise.resolve({ name }) })).rejects.toMatchObject(NOT_FOUND);
  });

  it('lists the e-mails newest first, with subject, date, to and from, each linking to its view', async () => {
    const older = await writeMail(MARCH_4[0], {
      to: 'Maya <maya@example.com>',
      subject: 'Lena joined Portrait session',
      text: 'Lena joined',
    });
    const newer = await writeMail('2026-03-05T17:00:00.000Z', { to: 'lena@example.com', text: 'No subject here' });
    await writeFile(path.join(dir, 'notes.txt'), 'not an e-mail file');

    expect(listOf(await listPage())).toBe(
      LIST +
        row({
          name: newer,
          subject: '(no subject)',
          time: ['2026-03-05T17:00:00.000Z', 'Mar 5, 2026, 5:00:00 PM'],
          to: 'lena@example.com',
          from: ENVOLVE,
        }) +
        row({
          name: older,
          subject: 'Lena joined Portrait session',
          time: MARCH_4,
          to: 'Maya &lt;maya@example.com&gt;',
          from: ENVOLVE,
        }) +
        '</ul>',
    );
  });

  it('says so when there is no e-mail yet', async () => {
    await rm(dir, { recursive: true, force: true });
    const html = await listPage();
    expect(listOf(html)).toBeUndefined();
    expect(html).toContain(
      '<p class="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600">No e-mail yet.</p>',
    );
  });

  it('shows a notification e-mail: its HTML in a sandboxed frame whose links open outside it, its text with links', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(MARCH_4[0]));
    const recipient = '7f3c0000-0000-4000-8000-000000000001';
    const message = await composeEmail({
      notification_id: '9a1b0000-0000-4000-8000-000000000002',
      recipient_id: recipient,
      kind: 'member_joined',
      text: 'Lena joined Portrait session',
      link: '/envolvement/3c2d0000-0000-4000-8000-000000000003?tab=members',
      email: 'maya@example.com',
      name: 'Maya',
    });
    const unsubscribeUrl = `${SITE}/unsubscribe?token=${unsubscribeToken(recipient, 'members')}`;
    const name = await writeMail(MARCH_4[0], message);
    // The links the mail carries, which the frame and the text must keep working.
    const links = [
      `${SITE}/envolvement/3c2d0000-0000-4000-8000-000000000003?tab=members`,
      unsubscribeUrl,
      `${SITE}/account#notifications`,
    ];
    for (const link of links) expect(message.html).toContain(`href="${attribute(link)}"`);
    const [doctype, rest] = message.html.split(/(?<=^<!DOCTYPE[^>]*>)/);

    const html = await messagePage(name);
    expect(html).toContain('<h1 class="text-2xl font-bold break-words text-ink">Lena joined Portrait session</h1>');
    const field = (label: string, value: string) =>
      `<div class="flex gap-3"><dt class="w-12 shrink-0 text-slate-500">${label}</dt><dd class="min-w-0 break-words text-ink">${value}</dd></div>`;
    expect(html).toContain(
      '<dl class="mt-3 space-y-1 text-sm">' +
        field('From', ENVOLVE) +
        field('To', 'maya@example.com') +
        field('Date', `<time dateTime="${MARCH_4[0]}">${MARCH_4[1]}</time>`) +
        '</dl>',
    );
    expect(partOf(html, 'HTML')).toBe(
      section('HTML', frame('Lena joined Portrait session', attribute(`${doctype}<base target="_blank">${rest}`))),
    );
    const text = partOf(html, 'Plain text')!;
    for (const link of links) expect(text).toContain(`<a href="${attribute(link)}" ${LINK}>${attribute(link)}</a>`);
  });

  it("shows a mail's text as written, only its web addresses made links", async () => {
    const name = await writeMail(MARCH_4[0], {
      to: 'maya@example.com',
      subject: '<b>Bold</b> & more',
      html: '<p>Hi <a href="http://localhost:3000/notifications">there</a></p>',
      text: 'Hi <img src=x onerror=alert(1)> & co,\nopen http://localhost:3000/notifications. Not javascript:alert(1)\nStop [http://localhost:3000/unsubscribe?token=a.b&x=1]',
    });
    const html = await messagePage(name);
    expect(html).toContain(
      '<h1 class="text-2xl font-bold break-words text-ink">&lt;b&gt;Bold&lt;/b&gt; &amp; more</h1>',
    );
    expect(partOf(html, 'HTML')).toBe(
      section(
        'HTML',
        frame(
          '&lt;b&gt;Bold&lt;/b&gt; &amp; more',
          '&lt;base target=&quot;_blank&quot;&gt;&lt;p&gt;Hi &lt;a href=&quot;http://localhost:3000/notifications&quot;&gt;there&lt;/a&gt;&lt;/p&gt;',
        ),
      ),
    );
    expect(partOf(html, 'Plain text')).toBe(
      section(
        'Plain text',
        `${PRE}Hi &lt;img src=x onerror=alert(1)&gt; &amp; co,\nopen ` +
          `<a href="http://localhost:3000/notifications" ${LINK}>http://localhost:3000/notifications</a>. Not javascript:alert(1)\nStop [` +
          `<a href="http://localhost:3000/unsubscribe?token=a.b&amp;x=1" ${LINK}>http://localhost:3000/unsubscribe?token=a.b&amp;x=1</a>]</pre>`,
      ),
    );
  });

  it('shows the text alone of a mail without HTML, and says which part a mail lacks', async () => {
    const textOnly = await writeMail(MARCH_4[0], { to: 'maya@example.com', subject: 'Text', text: 'Only text' });
    const htmlOnly = await writeMail(MARCH_4[0], { to: 'maya@example.com', subject: 'HTML', html: '<p>Only HTML</p>' });
    const missing = (what: string) =>
      `<p class="px-4 py-6 text-sm text-slate-600 sm:px-6">This e-mail has no ${what}.</p>`;

    const first = await messagePage(textOnly);
    expect(first).not.toContain('<iframe');
    expect(partOf(first, 'HTML')).toBe(section('HTML', missing('HTML part')));
    expect(partOf(first, 'Plain text')).toBe(section('Plain text', `${PRE}Only text\n</pre>`));
    const second = await messagePage(htmlOnly);
    expect(partOf(second, 'HTML')).toBe(
      section('HTML', frame('HTML', '&lt;base target=&quot;_blank&quot;&gt;&lt;p&gt;Only HTML&lt;/p&gt;\n')),
    );
    expect(partOf(second, 'Plain text')).toBe(section('Plain text', missing('plain-text part')));
  });

  it('lists a file it cannot read beside the others, and shows why', async () => {
    const good = await writeMail(MARCH_4[0], { to: 'maya@example.com', subject: 'Fine', text: 'Fine' });
    // mailparser refuses a header block over 1 MB; bytes without headers read as an empty mail.
    const tooLong = 'Max header size for a MIME node exceeded';
    await writeFile(path.join(dir, 'broken.eml'), `X-Junk: ${'a'.repeat(1_100_000)}\r\n\r\nbody`);
    await writeFile(path.join(dir, 'bytes.eml'), Buffer.from([0, 1, 2, 255, 254, 13]));

    expect(listOf(await listPage())).toBe(
      LIST +
        row({ name: 'bytes.eml', subject: '(no subject)', to: 'nobody', from: 'nobody' }) +
        '<li class="px-4 py-3 sm:px-6"><span class="block font-mono text-sm break-all text-ink">broken.eml</span>' +
        `<span class="mt-0.5 block text-sm text-amber-800">Not readable as an e-mail: ${tooLong}</span></li>` +
        row({ name: good, subject: 'Fine', time: MARCH_4, to: 'maya@example.com', from: ENVOLVE }) +
        '</ul>',
    );
    expect(await messagePage('broken.eml')).toContain(
      '<h1 class="font-mono text-xl font-bold break-all text-ink">broken.eml</h1>' +
        `<p class="mt-2 text-amber-800">Not readable as an e-mail: ${tooLong}</p>`,
    );
  });

  it('answers 404 for a name the folder does not list, a path that leaves it included', async () => {
    await writeMail(MARCH_4[0], { to: 'maya@example.com', subject: 'Fine', text: 'Fine' });
    const outside = path.join(path.dirname(dir), `${path.basename(dir)}-outside.eml`);
    await writeFile(outside, 'Subject: outside\r\n\r\nsecret');
    try {
      for (const name of ['missing.eml', `../${path.basename(outside)}`, 'notes.txt']) {
        await expect(DevMailMessagePage({ params: Promise.resolve({ name }) })).rejects.toMatchObject(NOT_FOUND);
      }
    } finally {
      await rm(outside);
    }
  });
});

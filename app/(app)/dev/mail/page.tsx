import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { isUnreadable, listMailFiles, type MailSummary, type UnreadableMail } from '@/lib/mail/outbox-files';
import { mailDir } from '@/lib/mail/transport';
import { MailDate, subjectOf } from './mail-fields';

export const metadata: Metadata = { title: 'Development mail', robots: { index: false } };

const SHOWN = 50;

function MailRow({ mail }: { mail: MailSummary }) {
  return (
    <li>
      <Link
        href={`/dev/mail/${encodeURIComponent(mail.name)}`}
        className="block px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 sm:px-6"
      >
        <span className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5">
          <span className="min-w-0 font-semibold break-words text-ink">{subjectOf(mail)}</span>
          <MailDate date={mail.date} className="shrink-0 text-xs text-slate-500" />
        </span>
        <span className="mt-0.5 block truncate text-sm text-slate-600">
          To {mail.to || 'nobody'} · from {mail.from || 'nobody'}
        </span>
      </Link>
    </li>
  );
}

function UnreadableRow({ mail }: { mail: UnreadableMail }) {
  return (
    <li className="px-4 py-3 sm:px-6">
      <span className="block font-mono text-sm break-all text-ink">{mail.name}</span>
      <span className="mt-0.5 block text-sm text-amber-800">Not readable as an e-mail: {mail.error}</span>
    </li>
  );
}

// Development only: the e-mails the app would have sent, read from the .eml files written
// without SMTP_URL. Production answers 404.
export default async function DevMailPage() {
  if (process.env.NODE_ENV === 'production') notFound();
  const { mails, total } = await listMailFiles(SHOWN);
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">Development mail</h1>
        <p className="mt-1 text-sm break-all text-slate-600">
          E-mails written to {mailDir()} because SMTP_URL is not set. Newest first
          {total > SHOWN ? `: the ${SHOWN} newest of ${total}.` : '.'}
        </p>
      </div>
      {mails.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
          No e-mail yet.
        </p>
      ) : (
        <ul
          aria-label="E-mails"
          className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
        >
          {mails.map((mail) =>
            isUnreadable(mail) ? (
              <UnreadableRow key={mail.name} mail={mail} />
            ) : (
              <MailRow key={mail.name} mail={mail} />
            ),
          )}
        </ul>
      )}
    </div>
  );
}

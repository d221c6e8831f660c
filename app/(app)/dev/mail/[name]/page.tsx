import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { getMailFile, isUnreadable, type MailMessage } from '@/lib/mail/outbox-files';
import { LinkedText } from '../linked-text';
import { MailDate, subjectOf } from '../mail-fields';
import { MailFrame } from '../mail-frame';

export const metadata: Metadata = { title: 'Development mail', robots: { index: false } };

type Props = { params: Promise<{ name: string }> };

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <dt className="w-12 shrink-0 text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-ink">{children}</dd>
    </div>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <h2 className="border-b border-slate-100 px-4 py-2 text-sm font-semibold text-slate-700 sm:px-6">{title}</h2>
      {children}
    </section>
  );
}

const missing = (what: string) => (
  <p className="px-4 py-6 text-sm text-slate-600 sm:px-6">This e-mail has no {what}.</p>
);

function MailView({ mail }: { mail: MailMessage }) {
  return (
    <>
      <div>
        <h1 className="text-2xl font-bold break-words text-ink">{subjectOf(mail)}</h1>
        <dl className="mt-3 space-y-1 text-sm">
          <Field label="From">{mail.from}</Field>
          <Field label="To">{mail.to}</Field>
          <Field label="Date">
            <MailDate date={mail.date} />
          </Field>
        </dl>
      </div>
      <Part title="HTML">
        {mail.html === null ? missing('HTML part') : <MailFrame html={mail.html} subject={subjectOf(mail)} />}
      </Part>
      <Part title="Plain text">
        {mail.text === null ? (
          missing('plain-text part')
        ) : (
          <pre className="overflow-x-auto px-4 py-4 font-mono text-sm whitespace-pre-wrap text-slate-800 sm:px-6">
            <LinkedText text={mail.text} />
          </pre>
        )}
      </Part>
    </>
  );
}

// Development only: one e-mail of the development mailbox, its HTML part in a sandboxed
// frame and its plain text beside it. Production answers 404.
export default async function DevMailMessagePage({ params }: Props) {
  if (process.env.NODE_ENV === 'production') notFound();
  const mail = await getMailFile((await params).name);
  if (!mail) notFound();
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <Link href="/dev/mail" className="text-sm font-medium text-brand-700 hover:underline">
        ← All development mail
      </Link>
      {isUnreadable(mail) ? (
        <div>
          <h1 className="font-mono text-xl font-bold break-all text-ink">{mail.name}</h1>
          <p className="mt-2 text-amber-800">Not readable as an e-mail: {mail.error}</p>
        </div>
      ) : (
        <MailView mail={mail} />
      )}
    </div>
  );
}

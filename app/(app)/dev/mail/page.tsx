import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { listMailFiles } from '@/lib/mail/outbox-files';
import { mailDir } from '@/lib/mail/transport';

export const metadata: Metadata = { title: 'Development mail', robots: { index: false } };

// Development only: the e-mails the app would have sent, read from the .eml files written
// without SMTP_URL. Production answers 404.
export default async function DevMailPage() {
  if (process.env.NODE_ENV === 'production') notFound();
  const mails = await listMailFiles();
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">Development mail</h1>
        <p className="mt-1 text-sm break-all text-slate-600">
          E-mails written to {mailDir()} because SMTP_URL is not set. Newest first.
        </p>
      </div>
      {mails.length === 0 && <p className="text-slate-600">No e-mail yet.</p>}
      {mails.map((mail) => (
        <details key={mail.name} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <summary className="cursor-pointer">
            <span className="font-semibold text-ink">{mail.subject}</span>
            <span className="block text-sm text-slate-600">
              To {mail.to}
              {mail.date ? ` · ${new Date(mail.date).toLocaleString('en-US')}` : ''}
            </span>
          </summary>
          {/* The message's own HTML, isolated from the page: no scripts, no same-origin access. */}
          <iframe
            title={`E-mail: ${mail.subject}`}
            srcDoc={mail.html}
            sandbox=""
            className="mt-4 h-96 w-full rounded-lg border border-slate-200"
          />
          <pre className="mt-4 overflow-x-auto rounded-lg bg-slate-50 p-3 text-xs whitespace-pre-wrap">{mail.text}</pre>
        </details>
      ))}
    </div>
  );
}

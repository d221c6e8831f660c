import type { Metadata } from 'next';
import Link from 'next/link';
import { UnsubscribeButton } from '@/components/notifications/unsubscribe-button';
import { EMAIL_TOPIC_LABELS } from '@/lib/domain/notifications';
import { checkUnsubscribeLink } from '@/lib/notifications/unsubscribe';

export const metadata: Metadata = { title: 'Unsubscribe', robots: { index: false } };

const SETTINGS = '/account#notifications';

// The page an e-mail's 'Stop e-mails about …' link opens: no sign-in needed, the link's
// signed token says who and what. A link the API would refuse (not valid, expired, or
// older than the topic's last switch-on) says so here, before anything is pressed.
export default async function UnsubscribePage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const given = (await searchParams).token;
  // A repeated ?token= comes as an array: not a link this site made.
  const token = typeof given === 'string' ? given : '';
  const checked = await checkUnsubscribeLink(token);
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-ink">Unsubscribe</h1>
        {'refused' in checked ? (
          <>
            <p role="alert" className="text-slate-700">
              {checked.refused.message}
            </p>
            <p>
              <Link href={SETTINGS} className="font-medium text-brand-700 hover:underline">
                Go to your e-mail settings
              </Link>
            </p>
          </>
        ) : (
          <>
            <p className="text-slate-700">Stop e-mails about {EMAIL_TOPIC_LABELS[checked.link.topic]}?</p>
            <p className="text-sm text-slate-600">You will still see these notifications in Envolve.</p>
            <UnsubscribeButton token={token} label={EMAIL_TOPIC_LABELS[checked.link.topic]} />
            <p className="text-sm">
              <Link href={SETTINGS} className="font-medium text-brand-700 hover:underline">
                All e-mail settings
              </Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}

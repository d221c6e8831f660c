'use client';

import Link from 'next/link';
import { CoverImage } from '@/components/envolvement/cover-image';
import { WelcomePanel } from '@/components/envolvement/welcome-panel';
import { buttonClasses } from '@/components/ui/button';
import { handleLabel } from '@/lib/domain/deleted-member';
import { formatMoney } from '@/lib/domain/money';
import { grantsAccess, PAYMENT_STATUS_LABELS } from '@/lib/domain/ledger-rules';
import { usePurchase, type Payment } from './use-purchase';

const RECEIPT_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** What the page says of the receipt e-mail, as this server sends it (receiptNote). */
export type ReceiptNote = { text: string; mailbox: string | null };

/** The receipt of a succeeded payment: what, to whom, when, and where it stands. */
function Receipt({ payment, creator, note }: { payment: Payment; creator: string; note: ReceiptNote }) {
  return (
    <dl
      data-testid="receipt"
      className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl bg-slate-50 p-4 text-left text-sm"
    >
      <dt className="text-slate-500">Paid to</dt>
      <dd className="font-medium break-words text-ink">{handleLabel(creator)}</dd>
      {payment.paidAt && (
        <>
          <dt className="text-slate-500">Date</dt>
          <dd className="text-ink">{RECEIPT_DATE.format(new Date(payment.paidAt))}</dd>
        </>
      )}
      <dt className="text-slate-500">Status</dt>
      <dd className="text-ink" data-testid="payment-state">
        {PAYMENT_STATUS_LABELS[payment.status]}
      </dd>
      <dd className="col-span-2 pt-1 text-xs text-slate-500" data-testid="receipt-note">
        {note.text}{' '}
        {note.mailbox && (
          <Link href={note.mailbox} className="underline">
            Open the mailbox
          </Link>
        )}
      </dd>
    </dl>
  );
}

/** What became of the payment, as its heading and a line under it. */
function PaymentOutcome({ payment, creator, note }: { payment: Payment; creator: string; note: ReceiptNote }) {
  const { refundReason, status } = payment;
  const amount = formatMoney(payment.amount, payment.currency);
  if (refundReason) {
    return (
      <>
        <h1 className="text-2xl font-bold text-ink">Payment Refunded</h1>
        <p className="mt-2 text-slate-600" data-testid="refund-reason">
          {refundReason}
        </p>
        <p className="mt-1 text-sm text-slate-500">
          Amount refunded: <strong>{amount}</strong>. It reaches your card within 5–10 business days.
        </p>
      </>
    );
  }
  if (grantsAccess(status)) {
    return (
      <>
        <h1 className="text-2xl font-bold text-green-700">Payment Successful!</h1>
        <p className="mt-2 text-slate-600">
          Amount paid: <strong data-testid="amount-paid">{amount}</strong>
        </p>
        <Receipt payment={payment} creator={creator} note={note} />
      </>
    );
  }
  const [title, line] =
    status === 'processing'
      ? ['Payment Processing', 'Your bank is confirming the payment. You get access as soon as it clears.']
      : status === 'disputed'
        ? ['Payment Disputed', 'Access is paused until the dispute with your bank is settled.']
        : ['Payment Not Completed', 'Nothing was charged. You can try again from the checkout.'];
  return (
    <>
      <h1 className="text-2xl font-bold text-ink">{title}</h1>
      <p className="mt-2 text-slate-600">{line}</p>
    </>
  );
}

function LoadFailed() {
  return (
    <div className="text-center">
      <p role="alert" className="text-red-700">
        Failed to load envolvement details. Please try refreshing the page.
      </p>
      <Link href="/" className={buttonClasses('secondary', 'md', 'mt-6')}>
        Return to Home
      </Link>
    </div>
  );
}

/** The thank-you page: loads the purchase with up to 3 attempts, 1 s apart. */
export function Completion({ paymentIntentId, receiptNote }: { paymentIntentId: string; receiptNote: ReceiptNote }) {
  const { purchase, failed } = usePurchase(paymentIntentId);
  if (failed) return <LoadFailed />;
  if (!purchase) {
    return (
      <div
        className="mx-auto h-64 max-w-md animate-pulse rounded-2xl bg-slate-100"
        aria-label="Loading your purchase"
      />
    );
  }
  const { envolvement, payment, welcome } = purchase;
  const paid = !payment.refundReason && grantsAccess(payment.status);
  return (
    <div className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
      <PaymentOutcome payment={payment} creator={envolvement.username} note={receiptNote} />
      {paid && welcome && <WelcomePanel welcome={welcome} creatorName={envolvement.creatorName} className="mt-6" />}
      <CoverImage src={envolvement.imgUrl} className="mt-6 h-40 w-full rounded-xl" priority />
      <h2 className="mt-4 text-lg font-semibold text-ink">{envolvement.title}</h2>
      <p className="text-sm text-slate-600">By {envolvement.creatorName}</p>
      <div className="mt-6 flex flex-col gap-2">
        {paid && (
          <Link href={`/envolvement/${envolvement._id}`} className={buttonClasses('primary', 'md')}>
            View Content
          </Link>
        )}
        <Link href="/" className={buttonClasses('secondary', 'md')}>
          Return to Home
        </Link>
      </div>
    </div>
  );
}

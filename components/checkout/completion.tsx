'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { CoverImage } from '@/components/envolvement/cover-image';
import { buttonClasses } from '@/components/ui/button';
import type { EnvolvementDto } from '@/lib/envolvements/types';
import { grantsAccess } from '@/lib/payments/ledger-rules';
import type { PaymentStatus } from '@/lib/domain/payment-status';

const ATTEMPTS = 3;
const DELAY_MS = 1000;

type Payment = { amount: number; status: PaymentStatus; refundReason: string | null };
type Loaded = { envolvement: EnvolvementDto; payment: Payment };

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

async function loadOnce(paymentIntentId: string): Promise<Loaded> {
  const id = encodeURIComponent(paymentIntentId);
  const envolvement = await getJson<EnvolvementDto>(`/api/payment/get-submission/${id}`);
  let payment = await getJson<Payment>(`/api/payment/get-payment-amount/${id}`);
  if (!payment.refundReason) {
    // The webhook usually grants first; this covers a slow webhook. Failure is only logged.
    const grant = await fetch('/api/payment/grant-access', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ submissionId: envolvement._id, paymentIntentId }),
    }).catch((error: unknown) => error);
    if (!(grant instanceof Response) || !grant.ok) {
      console.error('Granting access failed', grant);
      // Confirming may have settled the payment another way (refunded, still processing).
      payment = await getJson<Payment>(`/api/payment/get-payment-amount/${id}`);
    }
  }
  return { envolvement, payment };
}

/** The thank-you page: loads the purchase with up to 3 attempts, 1 s apart. */
export function Completion({ paymentIntentId }: { paymentIntentId: string }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        try {
          const result = await loadOnce(paymentIntentId);
          if (!cancelled) setLoaded(result);
          return;
        } catch (error) {
          console.error(`Loading the purchase failed (attempt ${attempt})`, error);
          if (attempt < ATTEMPTS) await new Promise((r) => setTimeout(r, DELAY_MS));
        }
      }
      if (!cancelled) setFailed(true);
    })();
    return () => {
      cancelled = true;
    };
  }, [paymentIntentId]);

  if (failed) {
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
  if (!loaded)
    return (
      <div
        className="mx-auto h-64 max-w-md animate-pulse rounded-2xl bg-slate-100"
        aria-label="Loading your purchase"
      />
    );

  const { envolvement, payment } = loaded;
  const { amount, refundReason } = payment;
  const paid = !refundReason && grantsAccess(payment.status);
  return (
    <div className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
      {refundReason ? (
        <>
          <h1 className="text-2xl font-bold text-ink">Payment Refunded</h1>
          <p className="mt-2 text-slate-600" data-testid="refund-reason">
            {refundReason}
          </p>
          <p className="mt-1 text-sm text-slate-500">
            Amount refunded: <strong>${(amount / 100).toFixed(2)}</strong>. It reaches your card within 5–10 business
            days.
          </p>
        </>
      ) : paid ? (
        <>
          <h1 className="text-2xl font-bold text-green-700">Payment Successful!</h1>
          <p className="mt-2 text-slate-600">
            Amount paid: <strong data-testid="amount-paid">${(amount / 100).toFixed(2)}</strong>
          </p>
        </>
      ) : payment.status === 'processing' ? (
        <>
          <h1 className="text-2xl font-bold text-ink">Payment Processing</h1>
          <p className="mt-2 text-slate-600">
            Your bank is confirming the payment. You get access as soon as it clears.
          </p>
        </>
      ) : payment.status === 'disputed' ? (
        <>
          <h1 className="text-2xl font-bold text-ink">Payment Disputed</h1>
          <p className="mt-2 text-slate-600">Access is paused until the dispute with your bank is settled.</p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-ink">Payment Not Completed</h1>
          <p className="mt-2 text-slate-600">Nothing was charged. You can try again from the checkout.</p>
        </>
      )}
      <CoverImage src={envolvement.imgUrl} className="mt-6 h-40 w-full rounded-xl" />
      <h2 className="mt-4 text-lg font-semibold text-ink">{envolvement.title}</h2>
      <p className="text-sm text-slate-600">By {envolvement.username}</p>
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

import Link from 'next/link';
import { Field, Input } from '@/components/ui/field';
import { PAID_EARLY_ACCESS } from '@/lib/domain/payment-messages';

/**
 * The price field while the creator cannot be paid: Free, with the early-access hint, and
 * on a site that takes cards the way to connect payouts. The wizard and the edit form share it.
 */
export function FreeOnlyPrice({
  id,
  error,
  stripeConfigured,
}: {
  id: string;
  error?: string;
  stripeConfigured: boolean;
}) {
  return (
    <Field id={id} label="Price" hint={PAID_EARLY_ACCESS} error={error}>
      <Input value="Free" disabled readOnly />
      {stripeConfigured && (
        <p className="mt-1 text-xs text-slate-600">
          <Link href="/account/payouts" className="font-medium text-brand-700 hover:underline">
            Connect payouts
          </Link>{' '}
          to sell paid envolvements.
        </p>
      )}
    </Field>
  );
}

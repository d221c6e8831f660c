import Link from 'next/link';
import { Field, Input } from '@/components/ui/field';
import { PAID_EARLY_ACCESS } from '@/lib/domain/payment-messages';

/**
 * The price field while the creator cannot be paid: Free, with one line that says why. On a
 * site that takes cards the creator can change that, so the line says how (connect payouts);
 * without card payments nobody can, and the spec's early-access hint stands. The wizard and
 * the edit form share it.
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
  const hint = stripeConfigured ? (
    <>
      <Link href="/account/payouts" className="font-medium text-brand-700 hover:underline">
        Connect payouts
      </Link>{' '}
      to sell paid envolvements.
    </>
  ) : (
    PAID_EARLY_ACCESS
  );
  return (
    <Field id={id} label="Price" hint={hint} error={error}>
      <Input value="Free" disabled readOnly />
    </Field>
  );
}

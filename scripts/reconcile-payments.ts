// npm run payments:reconcile: asks Stripe about every payment the ledger still waits on
// and applies what it finds. The server runs the same every ten minutes; running both at
// once is safe.
import { getDatabaseHandle } from '@/lib/db/client';
import { reconcilePayments } from '@/lib/payments/reconcile';
import { isStripeConfigured } from '@/lib/payments/stripe';

async function main() {
  if (!isStripeConfigured()) {
    console.log('Stripe is not configured (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY): there is nothing to reconcile.');
    return;
  }
  const handle = getDatabaseHandle();
  const report = await reconcilePayments();
  console.log(
    `Checked ${report.checked} payment(s): ${report.changed} changed, ${report.canceled} abandoned intent(s) canceled, ${report.failed} failed.`,
  );
  await handle.close();
  if (report.failed) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

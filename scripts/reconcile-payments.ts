// npm run payments:reconcile: asks Stripe about every payment the ledger still waits on
// and applies what it finds, at once: unlike the server's run every ten minutes, it does not
// leave a payment five minutes for its webhook, since an operator runs it after an outage,
// when the webhooks of that time may never come. Running it beside the servers is safe.
import { getDatabaseHandle } from '@/lib/db/client';
import { reconcilePayments } from '@/lib/payments/reconcile';
import { isStripeConfigured } from '@/lib/stripe/client';

async function main() {
  if (!isStripeConfigured()) {
    console.log('Stripe is not configured (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY): there is nothing to reconcile.');
    return;
  }
  const handle = getDatabaseHandle();
  const report = await reconcilePayments({ graceMs: 0 });
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

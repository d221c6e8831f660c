// The browser tests' stand-in for Stripe's API (see tests/helpers/fake-stripe.ts).
import { startFakeStripe } from '../tests/helpers/fake-stripe';

const port = Number(process.env.FAKE_STRIPE_PORT ?? 12111);
void startFakeStripe(port, {
  webhookUrl: process.env.FAKE_STRIPE_WEBHOOK_URL || undefined,
  // The secret the app under test is started with (playwright.config.ts).
  webhookSecret: process.env.FAKE_STRIPE_WEBHOOK_SECRET || 'whsec_e2e',
  autoDeliver: process.env.FAKE_STRIPE_AUTO_DELIVER === '1',
}).then((fake) => console.log(`fake Stripe listening on ${fake.url}`));

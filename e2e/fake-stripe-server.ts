// The browser tests' stand-in for Stripe's API (see tests/helpers/fake-stripe.ts).
import { startFakeStripe } from '../tests/helpers/fake-stripe';

const port = Number(process.env.FAKE_STRIPE_PORT ?? 12111);
startFakeStripe(port).then((fake) => console.log(`fake Stripe listening on ${fake.url}`));

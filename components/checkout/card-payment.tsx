import { usesLocalStripe } from '@/lib/stripe/test-mode';
import { StripeCardPayment } from './stripe-card-payment';

/**
 * The card form of a paid checkout: Stripe's Payment Element, or, in `npm run dev`'s local
 * test mode, a card form of the app's own that pays at the stand-in for Stripe.
 */
export async function CardPayment(props: { envolvementId: string; label: string }) {
  // NODE_ENV is fixed when the app is built: a production build has no local form to load.
  if (process.env.NODE_ENV !== 'production' && usesLocalStripe()) {
    const { LocalCardPayment } = await import('./local-card-payment');
    return <LocalCardPayment {...props} />;
  }
  return <StripeCardPayment {...props} />;
}

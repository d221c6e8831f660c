import 'server-only';
import { isStripeConfigured } from '@/lib/stripe/client';
import type { OfferViewer } from './rules';

/** Who looks at offers on this request, and whether the site can take their card. */
export function offerViewerOf(viewerId: string | null): OfferViewer {
  return { viewerId, cardPayments: isStripeConfigured() };
}

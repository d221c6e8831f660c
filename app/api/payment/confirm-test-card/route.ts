import { AppError } from '@/lib/http/errors';
import { handleRoute } from '@/lib/api/route';

const notFound = handleRoute(async () => {
  throw new AppError('not_found', 'Not found.');
});

// POST /api/payment/confirm-test-card: pay an open checkout with a test card, in development
// against the local stand-in for Stripe only (handler.ts). NODE_ENV is fixed when the app is
// built, so a production build keeps the 404 alone and never bundles the handler.
export const POST: typeof notFound =
  process.env.NODE_ENV === 'production'
    ? notFound
    : async (request, context) => (await import('./handler')).confirmTestCard(request, context, notFound);

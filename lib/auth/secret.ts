import { logWarn } from '@/lib/log';

// Sessions are signed with NEXTAUTH_SECRET. Development and tests fall back to a fixed
// secret so that `npm run dev` works with no setup; production refuses to start without one.
const DEVELOPMENT_SECRET = 'envolve-development-secret-do-not-use-in-production';

let warned = false;

function isProductionServer(): boolean {
  return process.env.NODE_ENV === 'production' && process.env.NEXT_PHASE !== 'phase-production-build';
}

export function getAuthSecret(): string {
  const secret = process.env.NEXTAUTH_SECRET;
  if (secret) return secret;
  if (isProductionServer()) {
    throw new Error(
      'NEXTAUTH_SECRET is not set. Set it to a long random string (for example `openssl rand -base64 32`) before starting Envolve in production.',
    );
  }
  if (!warned && process.env.NODE_ENV !== 'test') {
    warned = true;
    logWarn('auth', 'NEXTAUTH_SECRET is not set: using the fixed development secret. Never do this in production.');
  }
  return DEVELOPMENT_SECRET;
}

import { publicRoute } from '@/lib/api/route';

// GET /api/me: who is signed in, for the parts of a page the server sends the same to
// everyone (the top bar, the offer dialog's action); `{ viewer: null }` when nobody is.
export const GET = publicRoute(async ({ viewer }) => ({
  viewer: viewer ? { id: viewer.id, name: viewer.name, picture: viewer.picture } : null,
}));

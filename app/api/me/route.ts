import { publicRoute } from '@/lib/api/route';
import { accountNotices } from '@/lib/users/notices';

// GET /api/me: who is signed in, for the parts of a page the server sends the same to
// everyone (the top bar, the offer dialog's action, the account notice); `{ viewer: null }`
// when nobody is.
export const GET = publicRoute(async ({ viewer }) => ({
  viewer: viewer
    ? { id: viewer.id, name: viewer.name, picture: viewer.picture, notices: accountNotices(viewer) }
    : null,
}));

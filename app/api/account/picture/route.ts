import { authedRoute } from '@/lib/api/route';
import { readUploadedFile } from '@/lib/http/multipart';
import { consumeRateLimit } from '@/lib/rate-limit';
import { IMAGE_UPLOAD, savePicture } from '@/lib/storage';
import { setPicture } from '@/lib/users/profile-settings';

// POST /api/account/picture: replace the signed-in user's profile picture (multipart field
// `picture`), stored as a centred square without its metadata
export const POST = authedRoute(
  async ({ request, viewer }) => {
    // Both counted before the body is read: past either limit, not a byte of the file is taken in.
    await consumeRateLimit('upload', viewer.id);
    const file = await readUploadedFile(request, 'picture', IMAGE_UPLOAD);
    const { url } = await savePicture(file);
    const { picture } = await setPicture(viewer.id, url);
    return { picture };
  },
  { rateLimit: { name: 'profileEdit', per: 'user' } },
);

// DELETE /api/account/picture: remove the signed-in user's profile picture (their initial shows instead)
export const DELETE = authedRoute(
  async ({ viewer }) => {
    const { picture } = await setPicture(viewer.id, null);
    return { picture };
  },
  { rateLimit: { name: 'profileEdit', per: 'user' } },
);

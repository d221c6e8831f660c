import { readUploadedFile } from '@/lib/http/multipart';
import { authedRoute } from '@/lib/api/route';
import { consumeRateLimit } from '@/lib/rate-limit';
import { IMAGE_UPLOAD, saveImage } from '@/lib/storage';
import { setBannerUrl } from '@/lib/users/profile';

// POST /api/profile/banner: replace the signed-in user's banner (multipart field `banner`)
export const POST = authedRoute(async ({ request, viewer }) => {
  // Counted before the body is read: past the limit, not a byte of the file is taken in.
  await consumeRateLimit('upload', viewer.id);
  const file = await readUploadedFile(request, 'banner', IMAGE_UPLOAD);
  const { url } = await saveImage(file, 'banners');
  await setBannerUrl(viewer.id, url);
  return { bannerUrl: url };
});

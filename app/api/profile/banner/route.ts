import { authedRoute, readForm } from '@/lib/http/route';
import { saveImage } from '@/lib/storage';
import { setBannerUrl } from '@/lib/users/profile';

// POST /api/profile/banner: replace the signed-in user's banner (multipart field `banner`)
export const POST = authedRoute(async ({ request, viewer }) => {
  const form = await readForm(request);
  const { url } = await saveImage(form.get('banner'), 'banners');
  await setBannerUrl(viewer.id, url);
  return { bannerUrl: url };
});

import { authedRoute, readForm } from '@/lib/http/route';
import { saveImage } from '@/lib/storage';

// POST /api/uploads/image: store a cover or update image (multipart field `image`)
export const POST = authedRoute(async ({ request }) => {
  const form = await readForm(request);
  return Response.json(await saveImage(form.get('image'), 'covers'), { status: 201 });
});

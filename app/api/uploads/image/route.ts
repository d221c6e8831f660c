import { readUploadedFile } from '@/lib/http/multipart';
import { authedRoute } from '@/lib/api/route';
import { consumeRateLimit } from '@/lib/rate-limit';
import { IMAGE_UPLOAD, saveImage } from '@/lib/storage';

// POST /api/uploads/image: store a cover or update image (multipart field `image`)
export const POST = authedRoute(async ({ request, viewer }) => {
  // Counted before the body is read: past the limit, not a byte of the file is taken in.
  await consumeRateLimit('upload', viewer.id);
  const file = await readUploadedFile(request, 'image', IMAGE_UPLOAD);
  return Response.json(await saveImage(file, 'covers'), { status: 201 });
});

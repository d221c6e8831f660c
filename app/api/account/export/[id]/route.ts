import { authedRoute, parseId } from '@/lib/api/route';
import { EXPORT_NOT_FOUND, getExportFile } from '@/lib/account/exports';

// GET /api/account/export/{id}: download a ready data export, for its owner only
export const GET = authedRoute(async ({ viewer, params }) => {
  const { content, createdAt } = await getExportFile(viewer.id, parseId(params.id, EXPORT_NOT_FOUND));
  const day = createdAt.toISOString().slice(0, 10);
  return new Response(content, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="envolve-data-${day}.json"`,
      // Personal data: no shared cache keeps it, and the browser keeps it only as the file.
      'Cache-Control': 'private, no-store',
    },
  });
});

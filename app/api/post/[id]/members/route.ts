import { listMembers } from '@/lib/envolvements/members';
import { NOT_FOUND_MESSAGE } from '@/lib/envolvements/service';
import { authedRoute, parseId } from '@/lib/http/route';

// GET /api/post/{id}/members: everyone who joined, newest first, for the creator only
export const GET = authedRoute(async ({ request, params, viewer }) => {
  const id = parseId(params.id, NOT_FOUND_MESSAGE);
  return listMembers(viewer, id, request.nextUrl.searchParams.get('cursor'));
});

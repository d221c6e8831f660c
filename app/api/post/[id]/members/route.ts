import { z } from 'zod/mini';
import { listMembers } from '@/lib/creator/members';
import { NOT_FOUND_MESSAGE } from '@/lib/envolvements/service';
import { authedRoute, parseId } from '@/lib/api/route';

const membersQuery = z.object({ cursor: z.optional(z.string().check(z.maxLength(200))) });

// GET /api/post/{id}/members: everyone who joined, newest first, for the creator only
export const GET = authedRoute(
  async ({ params, query, viewer }) => listMembers(viewer, parseId(params.id, NOT_FOUND_MESSAGE), query.cursor),
  { query: membersQuery },
);

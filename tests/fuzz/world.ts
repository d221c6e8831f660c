import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { NextRequest } from 'next/server';
import { hashPassword } from '@/lib/users/password';
import { db } from '@/lib/db/client';
import { rows } from '@/lib/db/rows';
import { comments, newsletterSubscribers, notifications, posts, submissions, users } from '@/models';
import { createEnvolvement, createPurchase, createUser, type TestUser } from '../factories';
import type { FakeStripe } from '../helpers/fake-stripe';
import { sessionCookie } from '../helpers/http';
import { joinByCard } from '../helpers/payments';
import { issueToken } from '@/lib/users/tokens';

export type Handler = (
  request: NextRequest,
  context: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>;

export type ApiRoute = {
  /** 'post/[id]/members', relative to app/api. */
  key: string;
  /** The path's dynamic segments, in order: `[id]` gives 'id', `[...nextauth]` gives 'nextauth'. */
  params: string[];
  methods: Array<{ method: string; handler: Handler }>;
};

const API_DIR = path.resolve(import.meta.dirname, '../../app/api');
const HTTP_METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Every route file under app/api with the methods it exports, found on disk so that a new
 * route is fuzzed without anyone remembering to add it. A method a file does not export is
 * answered 405 by Next itself, before any of our code runs: that cannot be called in-process
 * and is covered by the browser-level tests.
 */
export async function discoverRoutes(): Promise<ApiRoute[]> {
  const files = (fs.readdirSync(API_DIR, { recursive: true }) as string[])
    .filter((file) => /(^|[\\/])route\.(ts|tsx|js)$/.test(file))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
  const routes: ApiRoute[] = [];
  for (const file of files) {
    const mod = (await import(/* @vite-ignore */ path.join(API_DIR, file))) as Record<string, unknown>;
    const key = path.posix.dirname(file);
    const params = [...key.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)].map((m) => m[1]!);
    const methods = HTTP_METHODS.filter((m) => typeof mod[m] === 'function').map((method) => ({
      method,
      handler: mod[method] as Handler,
    }));
    routes.push({ key, params, methods });
  }
  return routes;
}

/** The seeded data every case runs against. */
export type World = {
  owner: TestUser;
  member: TestUser;
  stranger: TestUser;
  free: { id: string };
  paid: { id: string };
  freePurchaseId: string;
  paidPurchaseId: string;
  paymentIntentId: string;
  /** A working link to set the owner's password anew. */
  resetToken: string;
  /** A working link to confirm a newsletter sign-up. */
  newsletterToken: string;
  /** The creator's update on the free envolvement, the member's comment on it, and a notification of the creator's. */
  updateId: string;
  commentId: string;
  notificationId: string;
};

/** Every user of the world signs in with this password, so that a password change can succeed. */
export const WORLD_PASSWORD = 'fuzz world password';
let worldPasswordHash: Promise<string> | undefined;

/**
 * The creator's two envolvements: a free one with submissions open (the member joined and
 * sent one; the creator posted an update) and a paid one the member bought by card.
 */
export async function seedWorld(stripe: FakeStripe): Promise<World> {
  const owner = await createUser({ nickname: 'owner' });
  const member = await createUser({ nickname: 'member' });
  const stranger = await createUser({ nickname: 'stranger' });
  worldPasswordHash ??= hashPassword(WORLD_PASSWORD);
  await db()
    .update(users)
    .set({ passwordHash: await worldPasswordHash });
  const free = await createEnvolvement(owner.id, {
    submissionsAllowed: true,
    submissionsActive: true,
    submissionText: true,
    submissionUrl: true,
    submissionPicture: true,
    commentsAllowed: true,
  });
  const paid = await createEnvolvement(owner.id, { priceCents: 1999, unlimited: false, quantity: 5 });
  const freePurchase = await createPurchase(free.id, member.id);
  await db()
    .insert(submissions)
    .values({ envolvementId: free.id, userId: member.id, description: 'My entry', url: '', pictureUrl: '' });
  const [update] = await db()
    .insert(posts)
    .values({ envolvementId: free.id, authorId: owner.id, kind: 'update', title: 'Welcome', description: 'Hello' })
    .returning({ id: posts.id });
  const [comment] = await db()
    .insert(comments)
    .values({ envolvementId: free.id, postId: update!.id, authorId: member.id, body: 'First!' })
    .returning({ id: comments.id });
  const { intentId, purchase } = await joinByCard(stripe, member, paid.id);
  // The card payment told the creator.
  const [told] = await db()
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.recipientId, owner.id))
    .limit(1);
  const resetToken = await issueToken(owner.id, 'password_reset', owner.email);
  const newsletterToken = randomBytes(32).toString('base64url');
  await db()
    .insert(newsletterSubscribers)
    .values({
      email: 'reader@example.com',
      tokenHash: createHash('sha256').update(newsletterToken).digest('hex'),
      tokenSentAt: new Date(),
    });
  return {
    resetToken,
    newsletterToken,
    owner,
    member,
    stranger,
    free,
    paid,
    freePurchaseId: freePurchase.id,
    paymentIntentId: intentId,
    paidPurchaseId: purchase.id,
    updateId: update!.id,
    commentId: comment!.id,
    notificationId: told!.id,
  };
}

export const ROLES = ['visitor', 'stranger', 'owner', 'member', 'ghost', 'forged', 'garbled'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The Cookie header of each role: none, three seeded users, a deleted account, a forged
 * token, and a cookie header that is broken in the ways a chunked session cookie can be.
 */
export async function cookiesOf(world: World): Promise<Record<Role, string | null>> {
  return {
    visitor: null,
    stranger: await sessionCookie(world.stranger),
    owner: await sessionCookie(world.owner),
    member: await sessionCookie(world.member),
    ghost: await sessionCookie({ id: 'local|00000000-0000-4000-8000-00000000dead' }),
    forged: 'next-auth.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..forged.token.here',
    garbled: `next-auth.session-token.0=%E0%A4%A; next-auth.session-token.1=${'x'.repeat(5000)}; next-auth.session-token=; =; ;;`,
  };
}

/**
 * Whether the seeded data still holds what the cases rely on: both envolvements, the
 * member's two memberships and submission, the paid payment. A write that went through
 * (an edit, a new update) leaves it so; one that removed or refunded something does not,
 * and the world is seeded again.
 */
export async function isWorldIntact(world: World): Promise<boolean> {
  const [result] = await rows<{ intact: boolean }>(sql`select
    (select count(*) from envolvements where id in (${world.free.id}, ${world.paid.id}) and creator_id = ${world.owner.id} and archived_at is null) = 2
    and (select count(*) from purchases where id in (${world.freePurchaseId}, ${world.paidPurchaseId}) and ended_at is null) = 2
    and exists (select 1 from submissions where envolvement_id = ${world.free.id} and user_id = ${world.member.id})
    and exists (select 1 from payments where id = ${world.paymentIntentId} and status = 'succeeded' and refund_reason is null)
    and (select count(*) from users where id in (${world.owner.id}, ${world.member.id}, ${world.stranger.id})) = 3
    and exists (select 1 from comments where id = ${world.commentId} and deleted_at is null)
    and exists (select 1 from notifications where id = ${world.notificationId})
    as intact`);
  return result?.intact === true;
}

// Rate-limit counters record attempts, refused ones included: that is their job.
const RECORDS_ATTEMPTS = new Set(['rate_limits']);

/**
 * Row count and a digest of the rows of every table in the public schema, found from the
 * catalogue so that a new table is covered too. Cheap enough to take around every write.
 */
export async function fingerprint(): Promise<string> {
  const tables = await publicTables();
  const query = tables
    .map(
      (t) =>
        `select '${t}' as name, count(*)::int as n, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as digest from "${t}" x`,
    )
    .join(' union all ');
  const result = await rows<{ name: string; n: number; digest: string }>(sql.raw(`${query} order by name`));
  return result.map((r) => `${r.name}:${r.n}:${r.digest}`).join('\n');
}

let tablesCache: string[] | undefined;

async function publicTables(): Promise<string[]> {
  if (tablesCache) return tablesCache;
  const result = await rows<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  tablesCache = result.map((r) => r.table_name).filter((t) => !RECORDS_ATTEMPTS.has(t) && /^[a-z_][a-z0-9_]*$/.test(t));
  if (tablesCache.length === 0) throw new Error('no tables found in the public schema');
  return tablesCache;
}

/** A user id in the form a path names it: whole, or the part after the '|'. */
export function slugOf(userId: string): string {
  return userId.slice(userId.indexOf('|') + 1);
}

import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { cachedRead, handleTag, invalidate, userTags } from '@/lib/cache';
import { db, type Tx } from '@/lib/db/client';
import { HANDLE_PATTERN } from '@/lib/domain/accounts';
import { userRefSchema } from '@/lib/validation/users';
import { handleRedirects, users } from '@/models';

// A profile's address people can say: `/@handle`, the canonical one in links, sitemaps,
// JSON-LD and share images. `/profile/<id>`, `/profile/<handle>` and a handle its owner had
// before all lead there with a permanent redirect; an old handle stops leading there once
// someone else takes it.

type Executor = Pick<Tx, 'select' | 'insert' | 'delete'>;

/** What a profile address names: the profile at its canonical address, or where it moved. */
export type ProfileAddress = { kind: 'profile'; userId: string } | { kind: 'moved'; handle: string };

async function liveByHandle(handle: string) {
  const [row] = await db()
    .select({ id: users.id, handle: users.nickname })
    .from(users)
    .where(and(eq(sql`lower(${users.nickname})`, handle.toLowerCase()), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

async function liveById(idOrSlug: string) {
  const [row] = await db()
    .select({ id: users.id, handle: users.nickname })
    .from(users)
    .where(
      and(
        idOrSlug.includes('|')
          ? eq(users.id, idOrSlug)
          : sql`(${users.id} = ${idOrSlug} or split_part(${users.id}, '|', 2) = ${idOrSlug})`,
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

async function formerHandleOwner(handle: string) {
  const [row] = await db()
    .select({ handle: users.nickname })
    .from(handleRedirects)
    .innerJoin(users, eq(users.id, handleRedirects.userId))
    .where(and(eq(sql`lower(${handleRedirects.oldHandle})`, handle.toLowerCase()), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * What `segment` (a profile path's segment, decoded) names: `@handle` is the profile at its
 * canonical address when the handle is theirs as written; an id, a handle without `@`, a
 * handle written in another case, or one its owner had before, moves to the canonical one.
 */
export async function resolveProfileAddress(segment: string): Promise<ProfileAddress | null> {
  if (segment.startsWith('@')) {
    const handle = segment.slice(1);
    if (!HANDLE_PATTERN.test(handle)) return null;
    const owner = await liveByHandle(handle);
    if (owner) return owner.handle === handle ? { kind: 'profile', userId: owner.id } : moved(owner.handle);
    const former = await formerHandleOwner(handle);
    return former ? moved(former.handle) : null;
  }
  if (!userRefSchema.safeParse(segment).success) return null;
  const byId = await liveById(segment);
  if (byId?.handle) return moved(byId.handle);
  if (!HANDLE_PATTERN.test(segment)) return null;
  const owner = await liveByHandle(segment);
  if (owner) return moved(owner.handle);
  const former = await formerHandleOwner(segment);
  return former ? moved(former.handle) : null;
}

const moved = (handle: string): ProfileAddress => ({ kind: 'moved', handle });

/**
 * resolveProfileAddress from the shared cache: dropped when the handle changes hands
 * (handlesChanged) or its owner changes their profile.
 */
export const cachedProfileAddress = cachedRead(resolveProfileAddress, 'profile-address', (segment: string) =>
  segment.startsWith('@') ? [handleTag(segment.slice(1))] : [handleTag(segment), ...userTags(segment)],
);

/**
 * Notes a change of `userId`'s handle in the transaction that makes it: the old one leads to
 * them from now on, and the new one, if it led to someone else's profile, no longer does.
 */
export async function noteHandleChange(executor: Executor, userId: string, oldHandle: string, newHandle: string) {
  await releaseHandle(executor, newHandle);
  if (oldHandle.toLowerCase() === newHandle.toLowerCase()) return;
  // Theirs from now on, whoever it led to before (the unique index is on its lower case).
  await releaseHandle(executor, oldHandle);
  await executor.insert(handleRedirects).values({ oldHandle, userId });
}

/** A handle just taken (by a new account, or back by its former owner) leads nowhere else. */
export async function releaseHandle(executor: Executor, handle: string): Promise<void> {
  await executor.delete(handleRedirects).where(eq(sql`lower(${handleRedirects.oldHandle})`, handle.toLowerCase()));
}

/** The cached pages of these handles' addresses are rendered again (a change of handle). */
export function handlesChanged(...handles: string[]): void {
  invalidate(...handles.filter(Boolean).map(handleTag));
}

import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { CACHE_TAGS, invalidate, userTags } from '@/lib/cache';
import { handlesChanged, noteHandleChange } from '@/lib/users/handle-addresses';
import { db } from '@/lib/db/client';
import { distinctLinks } from '@/lib/domain/profile-links';
import { AppError } from '@/lib/http/errors';
import { removeStoredImages } from '@/lib/storage/remove';
import type { ProfileSettings, ProfileSettingsInput } from '@/lib/validation/profile';
import { users } from '@/models';
import { handleTaken, isHandleConflict } from './service';

// The owner's own profile settings. Every function acts for `userId`, the signed-in user
// the route took from the session, and names it in its WHERE clause: nothing here can
// reach another account.

const settingsColumns = {
  name: users.name,
  handle: users.nickname,
  handleChosen: users.handleChosen,
  picture: users.picture,
  bio: users.bio,
  links: users.links,
};

const ownLiveRow = (userId: string) => and(eq(users.id, userId), isNull(users.deletedAt));

const GONE = 'You must be signed in to do this.';

export async function getProfileSettings(userId: string): Promise<ProfileSettings | null> {
  const [row] = await db().select(settingsColumns).from(users).where(ownLiveRow(userId)).limit(1);
  return row ?? null;
}

async function getProfileSettingsOrThrow(userId: string): Promise<ProfileSettings> {
  const settings = await getProfileSettings(userId);
  // The session outlived its account (deleted in another tab): nobody is signed in.
  if (!settings) throw new AppError('unauthorized', GONE);
  return settings;
}

// Comments, member lists, cards and envolvement pages carry the name, handle and picture:
// cards are cached with the lists and visitors' envolvement pages with the people they show,
// so those go too. A bio or links show only on the profile.
function invalidateShown(userId: string, onCards: boolean): void {
  invalidate(...userTags(userId), ...(onCards ? [CACHE_TAGS.lists, CACHE_TAGS.people] : []));
}

/**
 * Saves the fields `input` names. A new handle (a change of case included) counts as one the
 * owner chose. The handle is free when the unique index on its lower case says so, at the
 * moment of the write: two people asking for the same one at once cannot both get it.
 */
export async function updateProfile(userId: string, input: ProfileSettingsInput): Promise<ProfileSettings> {
  const current = await getProfileSettingsOrThrow(userId);
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined && input.name !== current.name) changes.name = input.name;
  if (input.handle !== undefined && input.handle !== current.handle) {
    changes.nickname = input.handle;
    changes.handleChosen = true;
  }
  if (input.bio !== undefined) changes.bio = input.bio || null;
  if (input.links !== undefined) changes.links = distinctLinks(input.links);
  if (Object.keys(changes).length === 0) return current;
  let updated: ProfileSettings | undefined;
  try {
    updated = await db().transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(ownLiveRow(userId))
        .returning(settingsColumns);
      // The old handle's address goes on to the profile; the new one leads nowhere else.
      if (row && changes.nickname !== undefined) await noteHandleChange(tx, userId, current.handle, row.handle);
      return row;
    });
  } catch (error) {
    if (isHandleConflict(error)) throw handleTaken();
    throw error;
  }
  if (!updated) throw new AppError('unauthorized', GONE);
  invalidateShown(userId, changes.name !== undefined || changes.nickname !== undefined);
  if (changes.nickname !== undefined) handlesChanged(current.handle, updated.handle);
  return updated;
}

/**
 * Sets the profile picture to a stored image's URL, or removes it (null). The file of the
 * picture it replaces is removed once the new one is saved: a change that fails keeps it.
 */
export async function setPicture(userId: string, picture: string | null): Promise<ProfileSettings> {
  const change = await db().transaction(async (tx) => {
    // Locked, so two changes at once each remove the picture they replaced, not the same one.
    const [before] = await tx.select({ picture: users.picture }).from(users).where(ownLiveRow(userId)).for('update');
    if (!before) return null;
    const [row] = await tx
      .update(users)
      .set({ picture, updatedAt: new Date() })
      .where(ownLiveRow(userId))
      .returning(settingsColumns);
    return { updated: row!, previous: before.picture };
  });
  if (!change) {
    // The account was deleted meanwhile: the file just stored would show nowhere, and stay.
    await removeStoredImages('pictures', [picture]);
    throw new AppError('unauthorized', GONE);
  }
  invalidateShown(userId, true);
  if (change.previous !== picture) await removeStoredImages('pictures', [change.previous]);
  return change.updated;
}

/** The owner keeps the handle the site gave them: they are not told about it again. */
export async function keepHandle(userId: string): Promise<void> {
  await db().update(users).set({ handleChosen: true }).where(ownLiveRow(userId));
}

import { z } from 'zod/mini';

/** The ids of envolvements, purchases and submissions: PostgreSQL uuids. */
export const uuidSchema = z.uuid();

/** Whether a value from a path or a cursor is a uuid, before it reaches a uuid column. */
export function isUuid(value: string | undefined | null): value is string {
  return uuidSchema.safeParse(value).success;
}

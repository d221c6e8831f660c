// What must never reach the browser: the database schema. Its snake_case table and
// column names (password_hash, payment_events…) are words no client code has a reason
// to contain; one-word names like "users" are left out, as ordinary text may hold them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is } from 'drizzle-orm';
import * as schema from '@/models';

/** The folder of the production build, as next.config.ts names it. */
export function buildDir(): string {
  return process.env.NEXT_DIST_DIR || '.next';
}

/** The schema's snake_case names, plus drizzle's own table marker. */
export function schemaMarkers(): string[] {
  const markers = new Set<string>(['drizzle:']);
  for (const value of Object.values(schema) as unknown[]) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    for (const name of [config.name, ...config.columns.map((column) => column.name)]) {
      if (name.includes('_')) markers.add(name);
    }
  }
  return [...markers];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

export type Leak = { file: string; marker: string };

/** Each client chunk under `dir` that contains one of the markers, with the first marker found. */
export function findLeaks(dir: string, markers: readonly string[]): Leak[] {
  const leaks: Leak[] = [];
  for (const file of filesUnder(dir)) {
    const text = readFileSync(file, 'utf8');
    const marker = markers.find((word) => text.includes(`"${word}"`) || text.includes(`'${word}'`));
    if (marker) leaks.push({ file, marker });
  }
  return leaks;
}

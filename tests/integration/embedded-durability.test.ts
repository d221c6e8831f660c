import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { envolvements } from '@/models';
import { startDatabaseChild } from '../helpers/database-child';

// A commit the app answered for must survive the process being killed outright. The child
// publishes drafts from four writers and prints each id once its publish has resolved; the
// test kills it at a random moment, several times, then opens the database and looks for
// every id it was told of. With kill -9 the OS keeps what the process had handed it, so this
// finds commits that never left the process, not those a power cut would take (fsync,
// lib/db/embedded.ts).
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const ROUNDS = 3;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'envolve-kill-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe.skipIf(onServer)('an embedded database killed with SIGKILL', () => {
  it(`keeps every publish it acknowledged, through ${ROUNDS} kills`, async () => {
    const dir = path.join(root, 'db');
    const acknowledged: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const child = startDatabaseChild('publish', dir);
      await child.nextLine((line) => line === 'ready');
      const from = child.lines.length;
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 700));
      child.process.kill('SIGKILL');
      expect((await child.exited).signal).toBe('SIGKILL');
      acknowledged.push(...child.lines.slice(from).filter((line) => UUID.test(line)));
    }
    // Enough publishes were in flight for a loss to show.
    expect(acknowledged.length).toBeGreaterThan(ROUNDS * 10);

    const handle = openDatabase({ dataDir: dir });
    try {
      const rows = await handle.db
        .select({ id: envolvements.id, isActive: envolvements.isActive })
        .from(envolvements)
        .where(inArray(envolvements.id, acknowledged));
      const published = new Set(rows.filter((row) => row.isActive).map((row) => row.id));
      expect(acknowledged.filter((id) => !published.has(id))).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});

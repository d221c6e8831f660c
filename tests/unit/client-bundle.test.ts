import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findLeaks, schemaMarkers } from '@/scripts/client-bundle';

describe('the client bundle check', () => {
  it('knows the schema by its sensitive column names and drizzle marker', () => {
    const markers = schemaMarkers();
    expect(markers).toEqual(expect.arrayContaining(['password_hash', 'payment_events', 'envolvement_id', 'drizzle:']));
    expect(markers).not.toContain('users');
  });

  it('reports a chunk that carries a table definition and passes one that does not', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'chunks-'));
    mkdirSync(path.join(dir, 'chunks', 'app'), { recursive: true });
    writeFileSync(path.join(dir, 'chunks', 'clean.js'), 'const users = "users"; fetch("/api/users/search")');
    writeFileSync(path.join(dir, 'chunks', 'app', 'leak.js'), 'c=(0,n.text)("password_hash")');
    const leaks = findLeaks(dir, schemaMarkers());
    expect(leaks).toEqual([{ file: path.join(dir, 'chunks', 'app', 'leak.js'), marker: 'password_hash' }]);
  });
});

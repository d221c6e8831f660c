import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** Stores this file's uploads in a temporary folder, removed afterwards. */
export function useTempUploadsDir(): { dir: () => string } {
  let dir = '';
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'envolve-uploads-'));
    process.env.UPLOADS_DIR = dir;
  });
  afterAll(() => {
    delete process.env.UPLOADS_DIR;
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { dir: () => dir };
}

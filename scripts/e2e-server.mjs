// Starts the built app for the browser tests on a new, empty embedded database
// (migrated and seeded with the demo data on start).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dataDir = path.join(process.cwd(), '.data', 'e2e');
fs.rmSync(dataDir, { recursive: true, force: true });

const port = process.env.E2E_PORT ?? '3100';
const child = spawn('npx', ['next', 'start', '-p', port], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PGLITE_DIR: path.join(dataDir, 'pglite'),
    UPLOADS_DIR: path.join(dataDir, 'uploads'),
    DATABASE_URL: '',
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));

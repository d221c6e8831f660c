// Starts `npm run dev`, the README's first command, for the smoke test of the development
// server, as a newcomer's first run has it: a new embedded database and a build folder that
// Next has never filled, both its own, so it shares nothing with the production build of
// the other browser tests or with the developer's own `npm run dev`.
//
// `next dev` with a build folder of its own rewrites tsconfig.json and next-env.d.ts to name
// that folder's types: once every process of the server has ended, both are put back as
// they were and the folders are removed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const dataDir = path.join(root, '.data', 'dev-smoke');
const distDir = path.join(root, process.env.NEXT_DIST_DIR || '.next-dev-smoke');
const port = process.env.DEV_SMOKE_PORT ?? '3300';
// How long the server may take to stop before it is killed.
const STOP_MS = 20_000;

const rewritten = ['tsconfig.json', 'next-env.d.ts'].map((name) => {
  const file = path.join(root, name);
  return { file, text: fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null };
});

function cleanUp() {
  for (const { file, text } of rewritten) {
    if (text === null) fs.rmSync(file, { force: true });
    else if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) fs.writeFileSync(file, text);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(distDir, { recursive: true, force: true });
}

cleanUp();
// A process group of its own: npm, `next dev` and the server it forks all stop together,
// and none of them is still writing to the build folder when it is removed.
const child = spawn('npm', ['run', 'dev', '--', '--port', port], {
  stdio: 'inherit',
  detached: true,
  env: {
    ...process.env,
    NEXT_DIST_DIR: path.relative(root, distDir),
    PGLITE_DIR: path.join(dataDir, 'pglite'),
    UPLOADS_DIR: path.join(dataDir, 'uploads'),
    MAIL_DIR: path.join(dataDir, 'mail'),
    // A developer's own settings (.env) must not point the run at their database, cache or
    // Stripe account: the run pays with test cards against `npm run dev`'s stand-in.
    DATABASE_URL: '',
    REDIS_URL: '',
    STRIPE_SECRET_KEY: '',
    STRIPE_PUBLISHABLE_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
  },
});

function signalServer(signal) {
  try {
    process.kill(-child.pid, signal);
    return true;
  } catch {
    return false; // every process of the group has ended
  }
}

async function serverEnded() {
  const deadline = Date.now() + STOP_MS;
  while (signalServer(0)) {
    if (Date.now() > deadline) signalServer('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

process.on('SIGTERM', () => signalServer('SIGTERM'));
process.on('SIGINT', () => signalServer('SIGINT'));
child.on('exit', (code, signal) => {
  signalServer('SIGTERM');
  void serverEnded().then(() => {
    cleanUp();
    process.exit(code ?? (signal ? 0 : 1));
  });
});

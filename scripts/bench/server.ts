// The app as production runs it: `next build` (unless a build is reused) and `next start` with
// the Node flags of `npm start`, against the benchmark's database, with the floor route turned
// on; and the same for the empty app it is compared with (./empty-app.ts).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

export type BenchServer = {
  url: string;
  secret: string;
  /** The server's process group: `next start` and whatever it started. */
  group: number;
  stop: () => Promise<void>;
};

const NEXT_BIN = require.resolve('next/dist/bin/next');

/** The Node flags `npm start` runs the server with (its heap's size), read from package.json. */
function startFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  return scripts.start!.split(/\s+/).filter((word) => word.startsWith('--max-old-space-size='));
}
const READY_TIMEOUT_MS = 90_000;

/** `next build` of the app in `dir` (the project's own by default), with `env` besides the run's. */
export function buildApp(dir = '.', env: Record<string, string> = {}): void {
  const result = spawnSync(process.execPath, [NEXT_BIN, 'build', dir], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
  });
  if (result.status !== 0) throw new Error(`next build ${dir} failed`);
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** A `next start` to run: the app's folder, its port, what it runs with, and the path that says it is up. */
type NextStart = { dir: string; port: number; env: Record<string, string>; readyPath: string };

/**
 * Starts `next start` for `app.dir` and waits until `app.readyPath` answers. Its own process
 * group, so that stopping it reaches whatever it started. Bound as a deployment binds it (no
 * -H): bound to 127.0.0.1, Next takes the proxy's rewrites for another origin and forwards
 * them to itself over HTTP (see docs/production.md).
 */
export async function startNext(app: NextStart): Promise<Omit<BenchServer, 'secret'>> {
  const url = `http://127.0.0.1:${app.port}`;
  const child = spawn(process.execPath, [...startFlags(), NEXT_BIN, 'start', app.dir, '-p', String(app.port)], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...app.env },
  });
  // The last of what it printed, to show if it fails to start.
  const output: Buffer[] = [];
  const keep = (chunk: Buffer) => output.push(chunk) > 100 && output.shift();
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, name);
    } catch {
      // The group ended meanwhile.
    }
  };
  // Interrupted, the run takes the server down with it rather than leave it holding the port.
  const interrupted = () => {
    signal('SIGTERM');
    process.exit(130);
  };
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
  const stop = async () => {
    process.off('SIGINT', interrupted).off('SIGTERM', interrupted);
    signal('SIGTERM');
    const killed = setTimeout(() => signal('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killed);
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await answers(`${url}${app.readyPath}`))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`next start did not answer on ${url}:\n${Buffer.concat(output).toString().slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, group: child.pid!, stop };
}

/** Starts the app on `port` and waits until the floor route answers (so the database does too). */
export async function startServer(port: number, databaseUrl: string): Promise<BenchServer> {
  const secret = randomBytes(32).toString('base64');
  const server = await startNext({
    dir: '.',
    port,
    readyPath: '/api/bench/floor',
    env: {
      DATABASE_URL: databaseUrl,
      SEED_DEMO_DATA: 'false',
      BENCH_FLOOR: '1',
      NEXTAUTH_SECRET: secret,
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      // No load balancer to tell: the run stops it as soon as it is done with it.
      SHUTDOWN_DRAIN_SECONDS: '0',
    },
  });
  return { ...server, secret };
}

// npm run dev: `next dev`, and, when no Stripe secret key is set, a stand-in for Stripe's
// API beside it (scripts/stripe-stand-in.ts), so that paid envolvements can be paid with a
// test card offline. Arguments go to `next dev` (`npm run dev -- -p 4000`). Ctrl-C stops both.
//
// The stand-in runs in this process rather than in the dev server: the app's code never
// imports it, so no build can carry it, and it outlives the dev server's reloads.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import nextEnv from '@next/env';

const require = createRequire(import.meta.url);
const DEFAULT_PORT = 3000;
const STOP_TIMEOUT_MS = 5_000;

/** The value of `-p 4000`, `--port 4000` or `--port=4000` among `next dev`'s arguments. */
function option(args, short, long) {
  for (const [i, arg] of args.entries()) {
    if (arg === short || arg === long) return args[i + 1];
    if (arg.startsWith(`${long}=`)) return arg.slice(long.length + 1);
  }
  return undefined;
}

const isFree = (port) =>
  new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });

/** The port `next dev` will take: the one asked for, else the first free from 3000, as Next picks. */
async function choosePort(args, env) {
  const asked = option(args, '-p', '--port') ?? env.PORT;
  if (asked) return { port: Number(asked), args };
  let port = DEFAULT_PORT;
  while (!(await isFree(port))) port += 1;
  return { port, args: [...args, '--port', String(port)] };
}

/** Where the stand-in reaches the dev server: the host it was told to listen on, else this machine. */
function appOrigin(args, port) {
  const host = option(args, '-H', '--hostname');
  const local = !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${local.includes(':') ? `[${local}]` : local}:${port}`;
}

async function startStandIn(origin, env) {
  const { tsImport } = await import('tsx/esm/api');
  const { startStripeStandIn, standInStateFile } = await tsImport('./stripe-stand-in.ts', import.meta.url);
  const standIn = await startStripeStandIn({
    webhookUrl: `${origin}/api/payment/webhook`,
    stateFile: standInStateFile(env),
  });
  console.log(
    `Card payments: test mode, against a local stand-in for Stripe (${standIn.url}). ` +
      'Pay with 4242 4242 4242 4242; set STRIPE_SECRET_KEY to use your Stripe test account instead ' +
      '(docs/payments.md, "Paying in development").',
  );
  return standIn;
}

// The .env files are read only to decide; `next dev` reads them itself, and keeps
// reloading them when they change, as long as they are not passed on as the environment.
const launchedWith = { ...process.env };
nextEnv.loadEnvConfig(process.cwd(), true, { info: () => {}, error: console.error });
const settings = process.env;

const { port, args } = await choosePort(process.argv.slice(2), settings);
const childEnv = { ...launchedWith };
// Stripe's return URLs and sign-in callbacks name the site; without a URL set it is port 3000.
if (port !== DEFAULT_PORT && !settings.NEXTAUTH_URL && !settings.SITE_URL)
  childEnv.NEXTAUTH_URL = `http://localhost:${port}`;

const standIn =
  !settings.STRIPE_SECRET_KEY && settings.NODE_ENV !== 'production'
    ? await startStandIn(appOrigin(args, port), settings)
    : null;

const child = spawn(process.execPath, [require.resolve('next/dist/bin/next'), 'dev', ...args], {
  stdio: 'inherit',
  env: { ...childEnv, ...standIn?.env },
});

// Ctrl-C reaches `next dev` from the terminal too; a signal sent to this process alone is passed on.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));

child.on('exit', (code, signal) => {
  const exit = () => process.exit(code ?? (signal ? 0 : 1));
  if (!standIn) return exit();
  setTimeout(exit, STOP_TIMEOUT_MS).unref();
  standIn.close().then(exit, (error) => {
    console.error('Stopping the Stripe stand-in failed:', error);
    exit();
  });
});

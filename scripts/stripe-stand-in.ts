// The stand-in for Stripe that `npm run dev` runs when no Stripe keys are set (scripts/dev.mjs
// starts it): the tests' fake Stripe (tests/helpers/fake-stripe.ts), delivering signed events
// to the app's webhook, with the demo creators' connected accounts onboarded. It keeps its
// objects in a file beside the embedded database, so that the payments of an earlier session
// can still be read, refunded and reconciled after a restart, as at Stripe.
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_USERS, demoPayoutAccountId } from '../lib/demo/data';
import { LOCAL_STRIPE_KEYS } from '@/lib/stripe/test-mode';
import { startFakeStripe, type FakeEvent, type FakeStripe } from '../tests/helpers/fake-stripe';

const COLLECTIONS = [
  'intents',
  'charges',
  'refundsById',
  'disputes',
  'accounts',
  'transfers',
  'transferReversals',
  'applicationFees',
] as const;

type Collection = (typeof COLLECTIONS)[number];

type Saved = {
  version: 1;
  objects: Record<Collection, Array<[string, unknown]>>;
  refunds: FakeStripe['refunds'];
  events: FakeEvent[];
};

const SAVE_DELAY_MS = 100;

/** Where the stand-in keeps its objects: beside the embedded database's folder, so each database has its own. */
export function standInStateFile(env: NodeJS.ProcessEnv = process.env): string {
  const database = env.PGLITE_DIR || path.join(process.cwd(), '.data', 'pglite');
  return path.join(path.dirname(path.resolve(database)), 'stripe-stand-in.json');
}

function snapshot(fake: FakeStripe): Saved {
  const objects = Object.fromEntries(COLLECTIONS.map((name) => [name, [...fake[name].entries()]]));
  return { version: 1, objects: objects as Saved['objects'], refunds: fake.refunds, events: fake.events };
}

function restore(fake: FakeStripe, saved: Saved): void {
  for (const name of COLLECTIONS) {
    const target = fake[name] as Map<string, unknown>;
    for (const [id, object] of saved.objects[name] ?? []) target.set(id, object);
  }
  fake.refunds.push(...saved.refunds);
  fake.events.push(...saved.events);
}

function readState(file: string): Saved | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const saved = JSON.parse(text) as Saved;
    if (saved.version === 1) return saved;
  } catch {
    // Unreadable: said below, and replaced by the next save.
  }
  console.warn(`Stripe stand-in: ${file} is not a state it can read; starting with no payments.`);
  return null;
}

/** Writes the state whole and then renames it, so a stop halfway never leaves half a file. */
function writeState(file: string, fake: FakeStripe): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(snapshot(fake)));
  fs.renameSync(temporary, file);
}

export type StripeStandIn = {
  url: string;
  /** What the app needs to use it: keys, webhook secret and where its API is. */
  env: Record<string, string>;
  /** Resolves once every event made so far has been delivered (or has failed to be). */
  waitForDeliveries: () => Promise<void>;
  /** Waits for the events still being delivered, saves, and stops. */
  close: () => Promise<void>;
};

/** Starts the stand-in on a free local port; events go to `webhookUrl` as they happen. */
export async function startStripeStandIn({
  webhookUrl,
  stateFile,
}: {
  webhookUrl: string;
  stateFile: string;
}): Promise<StripeStandIn> {
  let pending: NodeJS.Timeout | undefined;
  const save = () => {
    clearTimeout(pending);
    pending = undefined;
    writeState(stateFile, fake);
  };
  const fake = await startFakeStripe(0, {
    webhookUrl,
    webhookSecret: LOCAL_STRIPE_KEYS.STRIPE_WEBHOOK_SECRET,
    autoDeliver: true,
    // A burst of calls (a checkout, a refund) is saved once.
    onChange: () => void (pending ??= setTimeout(save, SAVE_DELAY_MS)),
  });
  const saved = readState(stateFile);
  if (saved) restore(fake, saved);
  for (const { key, email } of DEMO_USERS) {
    const id = demoPayoutAccountId(key);
    if (!fake.accounts.has(id)) fake.addAccount({ id, email, ready: true });
  }
  save();
  const { port } = new URL(fake.url);
  return {
    url: fake.url,
    env: { ...LOCAL_STRIPE_KEYS, STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: port, STRIPE_API_PROTOCOL: 'http' },
    waitForDeliveries: fake.waitForDeliveries,
    close: async () => {
      await fake.close();
      save();
    },
  };
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the few Stripe endpoints the app calls, so the real SDK can be
// exercised end to end without the network.

export type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
};

export type FakeStripe = {
  url: string;
  intents: Map<string, FakeIntent>;
  refunds: Array<{ payment_intent: string }>;
  requests: Array<{ method: string; path: string; body: Record<string, string> }>;
  setStatus: (id: string, status: string) => void;
  addIntent: (intent: Partial<FakeIntent> & { amount: number; metadata: Record<string, string> }) => FakeIntent;
  useInEnv: () => void;
  close: () => Promise<void>;
};

function parseForm(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text));
}

export async function startFakeStripe(port = 0): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, string>();
  const refunds: FakeStripe['refunds'] = [];
  const requests: FakeStripe['requests'] = [];
  let counter = 0;

  const addIntent: FakeStripe['addIntent'] = (partial) => {
    counter += 1;
    const id = partial.id ?? `pi_fake${counter}${Math.random().toString(36).slice(2, 8)}`;
    const intent: FakeIntent = {
      object: 'payment_intent',
      currency: 'usd',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_test`,
      ...partial,
      id,
    };
    intents.set(id, intent);
    return intent;
  };

  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const body = parseForm(text);
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({ method: req.method ?? '', path, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${counter}` });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'POST' && path === '/v1/payment_intents') {
        const key = req.headers['idempotency-key'] as string | undefined;
        const known = key ? byIdempotencyKey.get(key) : undefined;
        if (known) return send(200, intents.get(known));
        const metadata = Object.fromEntries(
          Object.entries(body)
            .filter(([k]) => k.startsWith('metadata['))
            .map(([k, v]) => [k.slice(9, -1), v]),
        );
        const intent = addIntent({ amount: Number(body.amount), currency: body.currency ?? 'usd', metadata });
        if (key) byIdempotencyKey.set(key, intent.id);
        return send(200, intent);
      }
      const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && match) {
        const intent = intents.get(decodeURIComponent(match[1]!));
        if (!intent) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
        return send(200, intent);
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        refunds.push({ payment_intent: body.payment_intent! });
        return send(200, { id: `re_${refunds.length}`, object: 'refund', status: 'succeeded', payment_intent: body.payment_intent });
      }
      if (req.method === 'GET' && path === '/test/health') return send(200, { ok: true });
      // Test control: browser tests add a payment intent in any state.
      if (req.method === 'POST' && path === '/test/intents') {
        const json = JSON.parse(text || '{}') as { amount: number; status?: string; metadata: Record<string, string> };
        return send(200, addIntent({ amount: json.amount, status: json.status ?? 'succeeded', metadata: json.metadata }));
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unknown path ${path}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    intents,
    refunds,
    requests,
    addIntent,
    setStatus: (id, status) => {
      const intent = intents.get(id);
      if (intent) intent.status = status;
    },
    useInEnv: () => {
      process.env.STRIPE_SECRET_KEY = 'sk_test_fake';
      process.env.STRIPE_PUBLISHABLE_KEY = 'pk_test_fake';
      process.env.STRIPE_WEBHOOK_SECRET = 'whsec_test_fake';
      process.env.STRIPE_API_HOST = '127.0.0.1';
      process.env.STRIPE_API_PORT = String(bound);
      process.env.STRIPE_API_PROTOCOL = 'http';
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

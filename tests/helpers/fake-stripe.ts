import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import {
  createLedger,
  FakeStripeError,
  invalidRequest,
  notFound,
  type AccountChanges,
  type AccountCreate,
  type FakeDispute,
  type FakeEvent,
  type FakeObject,
  type FakeRefund,
  type Ledger,
  type Metadata,
  type Param,
  type Params,
} from './fake-stripe-ledger';
import { confirmIntent } from './fake-stripe-cards';

// A local stand-in for the Stripe API the app calls, so the real SDK runs end to end without
// the network: Stripe's endpoints under /v1, test controls under /test, signed webhooks,
// and under /connect the pages Stripe hosts for connected accounts (onboarding, the
// Express dashboard). The objects and their rules live in fake-stripe-ledger.ts. `npm run dev`
// runs it too, when no Stripe keys are set (scripts/stripe-stand-in.ts).

export { FakeStripeError };
export type { FakeEvent } from './fake-stripe-ledger';

export type FakeStripeOptions = {
  /** The app's webhook route, where events are delivered. */
  webhookUrl?: string;
  /** Defaults to the secret useInEnv() gives the app. */
  webhookSecret?: string;
  /** Post every event to webhookUrl as it is created, like Stripe does. */
  autoDeliver?: boolean;
  /** Called once a request that may have changed something (any but a GET) is answered. */
  onChange?: () => void;
};

type LoggedRequest = {
  method: string;
  path: string;
  body: Record<string, string>;
  params: Params;
  idempotencyKey: string | null;
};

// The ledger's objects and test controls, less what only the HTTP API uses.
export type FakeStripe = Omit<Ledger, 'find' | 'getOrThrow' | 'getEvent' | 'createIntent' | 'cancel' | 'refund'> & {
  url: string;
  webhookSecret: string;
  requests: LoggedRequest[];
  /** A refund made from the dashboard: the same rules as POST /v1/refunds. */
  refund: (paymentIntentId: string, amount?: number) => ReturnType<Ledger['refund']>;
  /** The Stripe-Signature header for a payload. */
  sign: (payload: string, opts?: { timestamp?: number; secret?: string }) => string;
  /** Sends the events in the order given, each once the previous one is answered; gives the statuses. */
  deliver: (
    events: FakeEvent[],
    send: (payload: string, signature: string) => Promise<Response | { status: number }>,
  ) => Promise<number[]>;
  deliverTo: (url: string, events: FakeEvent[]) => Promise<number[]>;
  /** Resolves once every automatic delivery queued so far has been answered. */
  waitForDeliveries: () => Promise<void>;
  /**
   * Runs `work` once, just before the next API request to `method` and a path matching
   * `path` is handled: what happens at Stripe between two of the app's calls. An error it
   * throws is that request's answer.
   */
  beforeNext: (method: string, path: RegExp, work: () => void) => void;
  useInEnv: () => void;
  close: () => Promise<void>;
};

// Form bodies carry no types: these come back as numbers and booleans, while metadata
// and free text stay strings whatever they look like.
const INTEGER_PARAMS = new Set(['amount', 'application_fee_amount', 'amount_to_capture', 'limit']);
const TEXT_PARAMS = new Set([
  'metadata',
  'description',
  'statement_descriptor',
  'statement_descriptor_suffix',
  'receipt_email',
]);

function coerce(path: string[], value: string): Param {
  if (TEXT_PARAMS.has(path[0]!)) return value;
  if (INTEGER_PARAMS.has(path.at(-1)!) && /^-?\d+$/.test(value)) return Number(value);
  if (value === 'true' || value === 'false') return value === 'true';
  return value;
}

/** `metadata[userId]=u&expand[0]=latest_charge` → `{ metadata: { userId: 'u' }, expand: ['latest_charge'] }`. */
export function parseStripeForm(text: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split('[').map((part) => part.replace(/\]$/, ''));
    let node: Record<string | number, Param> = root;
    path.forEach((segment, i) => {
      const slot = Array.isArray(node) ? (segment === '' ? node.length : Number(segment)) : segment;
      if (i === path.length - 1) {
        node[slot] = coerce(path, value);
        return;
      }
      const next = path[i + 1]!;
      node[slot] ??= next === '' || /^\d+$/.test(next) ? [] : {};
      node = node[slot] as Record<string | number, Param>;
    });
  }
  return root;
}

/** The same parameters give the same text whatever order they were sent in. */
function fingerprint(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(fingerprint).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${fingerprint(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const text = (value: Param | undefined) => (typeof value === 'string' && value !== '' ? value : undefined);
const integer = (value: Param | undefined) => (value === undefined || value === '' ? undefined : Number(value));
const asMetadata = (value: Param | undefined) => value as Metadata | undefined;

function intentCreateParams({ expand: _expand, ...params }: Params) {
  const { amount, currency } = params;
  if (amount === undefined) throw invalidRequest('parameter_missing', 'Missing required param: amount.', 'amount');
  if (typeof amount !== 'number' || amount < 1)
    throw invalidRequest('parameter_invalid_integer', 'Invalid positive integer', 'amount');
  if (!text(currency)) throw invalidRequest('parameter_missing', 'Missing required param: currency.', 'currency');
  return {
    ...params,
    amount,
    currency: text(currency)!.toLowerCase(),
    metadata: asMetadata(params.metadata),
    description: text(params.description),
  };
}

type Answer = { status: number; body: string; replayed?: boolean; headers?: Record<string, string> };

function answerError(error: unknown): Answer {
  if (error instanceof FakeStripeError) return { status: error.status, body: JSON.stringify({ error: error.error }) };
  console.error('fake Stripe failed', error);
  return { status: 500, body: JSON.stringify({ error: { type: 'api_error', message: String(error) } }) };
}

// Stripe refuses these before anything runs, so an idempotency key does not keep them.
const refusedUpfront = (error: unknown) =>
  error instanceof FakeStripeError &&
  (error.status === 404 ||
    error.error.code === 'resource_missing' ||
    Boolean(error.error.code?.startsWith('parameter_')));

const idempotencyError = (message: string): Answer => ({
  status: 400,
  body: JSON.stringify({ error: { type: 'idempotency_error', message } }),
});

type Route<T = unknown> = { method: string; pattern: RegExp; handle: (ids: string[], params: Params) => T };

const findRoute = <T>(routes: Route<T>[], method: string, path: string) => {
  const route = routes.find((r) => r.method === method && r.pattern.test(path));
  return route && { handle: route.handle, ids: route.pattern.exec(path)!.slice(1).map(decodeURIComponent) };
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const html = (status: number, title: string, content: string): Answer => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body:
    `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head>` +
    `<body><h1>${title}</h1>${content}</body></html>`,
});

function required(p: Params, name: string): string {
  const value = text(p[name]);
  if (!value) throw invalidRequest('parameter_missing', `Missing required param: ${name}.`, name);
  return value;
}

export async function startFakeStripe(port = 0, options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const webhookSecret = options.webhookSecret ?? 'whsec_test_fake';
  const requests: LoggedRequest[] = [];
  const delivered = new Set<string>();
  const answered = new Map<string, { path: string; fingerprint: string; answer: Answer }>();
  let deliveries = Promise.resolve();
  let requestCount = 0;
  const hooks: Array<{ method: string; path: RegExp; work: () => void }> = [];
  // Known once the server listens: account and login links point back here.
  let baseUrl = '';

  const ledger = createLedger((event) => {
    const url = options.webhookUrl;
    if (!options.autoDeliver || !url) return;
    // One queue keeps each object's events in creation order; the API answer does not wait for it.
    const failed = (why: unknown) =>
      console.warn(`fake Stripe: delivering ${event.type} ${event.id} to ${url}: ${why}`);
    deliveries = deliveries
      .then(() => deliverTo(url, [event]))
      .then(([status]) => {
        if (status! >= 300) failed(`answered ${status}`);
      })
      .catch((error: Error) => failed(error.cause ?? error));
  });

  const sign: FakeStripe['sign'] = (payload, opts = {}) =>
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? webhookSecret,
      timestamp: opts.timestamp,
    });

  const deliver: FakeStripe['deliver'] = async (events, send) => {
    const statuses: number[] = [];
    for (const event of events) {
      const payload = JSON.stringify(event, null, 2);
      const { status } = await send(payload, sign(payload));
      // As at Stripe, an event counts as delivered once the endpoint accepts it.
      if (status >= 200 && status < 300) delivered.add(event.id);
      statuses.push(status);
    }
    return statuses;
  };

  const deliverTo: FakeStripe['deliverTo'] = (url, events) =>
    deliver(events, async (payload, signature) => {
      const headers = { 'content-type': 'application/json', 'stripe-signature': signature };
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: payload,
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      return response;
    });

  const refund: FakeStripe['refund'] = (paymentIntentId, amount) =>
    ledger.refund({ payment_intent: paymentIntentId, amount });

  function expand(object: FakeObject, { expand: fields }: Params): unknown {
    if (!Array.isArray(fields)) return object;
    const copy: Record<string, unknown> = { ...object };
    for (const field of fields.map(String)) {
      const id = copy[field];
      if (id === null) continue;
      const target = typeof id === 'string' ? ledger.find(id) : undefined;
      if (!target) throw invalidRequest('parameter_invalid', `This property cannot be expanded (${field}).`, 'expand');
      copy[field] = target;
    }
    return copy;
  }

  const list = (url: string, data: unknown[]) => ({ object: 'list', data, has_more: false, url });

  // Stripe lists the newest first, `limit` (10 unless told) at a time.
  function listOf(url: string, objects: Map<string, FakeRefund | FakeDispute>, p: Params) {
    const limit = integer(p.limit) ?? 10;
    const matching = [...objects.values()]
      .filter(
        (o) => (!p.payment_intent || o.payment_intent === p.payment_intent) && (!p.charge || o.charge === p.charge),
      )
      .reverse();
    return { ...list(url, matching.slice(0, limit)), has_more: matching.length > limit };
  }

  type Return = { return_url: string; refresh_url: string };
  const onboardingUrl = (account: string, back: Return) =>
    `${baseUrl}/connect/onboarding/${account}?${new URLSearchParams(back)}`;

  function accountLink(p: Params) {
    const [account, refresh_url, return_url, type] = ['account', 'refresh_url', 'return_url', 'type'].map((name) =>
      required(p, name),
    );
    if (type !== 'account_onboarding') {
      throw invalidRequest(
        'parameter_invalid',
        `The fake serves account_onboarding links only, not '${type}'.`,
        'type',
      );
    }
    if (!ledger.accounts.has(account!)) throw notFound('account', account!, 'account');
    const created = Math.floor(Date.now() / 1000);
    return {
      object: 'account_link',
      created,
      expires_at: created + 300,
      url: onboardingUrl(account!, { return_url: return_url!, refresh_url: refresh_url! }),
    };
  }

  function loginLink(id: string) {
    if (!ledger.getOrThrow(ledger.accounts, 'account', id).details_submitted) {
      throw new FakeStripeError(400, {
        type: 'invalid_request_error',
        message: 'Cannot create a login link for an account that has not completed onboarding.',
      });
    }
    return { object: 'login_link', created: Math.floor(Date.now() / 1000), url: `${baseUrl}/connect/dashboard/${id}` };
  }

  // GET /v1/{objects}/{id}: one object of a kind, with the fields asked for expanded.
  const retrieve = (objects: string, map: Map<string, FakeObject>, kind: string): Route => ({
    method: 'GET',
    pattern: new RegExp(`^/v1/${objects}/([^/]+)$`),
    handle: ([id], p) => expand(ledger.getOrThrow(map, kind, id!), p),
  });

  const api: Route[] = [
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents$/,
      handle: (_, p) => expand(ledger.createIntent(intentCreateParams(p)), p),
    },
    retrieve('payment_intents', ledger.intents, 'payment_intent'),
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      handle: ([id], p) => expand(confirmIntent(ledger, id!, text(p.payment_method)), p),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      handle: ([id], p) => expand(ledger.cancel(id!, text(p.cancellation_reason)), p),
    },
    retrieve('charges', ledger.charges, 'charge'),
    {
      method: 'POST',
      pattern: /^\/v1\/refunds$/,
      handle: (_, p) => {
        const params = {
          payment_intent: text(p.payment_intent),
          charge: text(p.charge),
          reason: text(p.reason),
          metadata: asMetadata(p.metadata),
          reverse_transfer: p.reverse_transfer === true,
          refund_application_fee: p.refund_application_fee === true,
        };
        return expand(ledger.refund({ ...params, amount: integer(p.amount) }), p);
      },
    },
    { method: 'GET', pattern: /^\/v1\/refunds$/, handle: (_, p) => listOf('/v1/refunds', ledger.refundsById, p) },
    { method: 'GET', pattern: /^\/v1\/disputes$/, handle: (_, p) => listOf('/v1/disputes', ledger.disputes, p) },
    retrieve('refunds', ledger.refundsById, 'refund'),
    retrieve('disputes', ledger.disputes, 'dispute'),
    { method: 'GET', pattern: /^\/v1\/events\/([^/]+)$/, handle: ([id]) => ledger.getEvent(id!) },
    {
      method: 'POST',
      pattern: /^\/v1\/accounts$/,
      handle: (_, p) =>
        expand(
          ledger.createAccount({
            type: text(p.type),
            country: text(p.country),
            email: text(p.email),
            business_type: text(p.business_type),
            capabilities: p.capabilities as AccountCreate['capabilities'],
            metadata: asMetadata(p.metadata),
          }),
          p,
        ),
    },
    retrieve('accounts', ledger.accounts, 'account'),
    { method: 'POST', pattern: /^\/v1\/accounts\/([^/]+)\/login_links$/, handle: ([id]) => loginLink(id!) },
    { method: 'POST', pattern: /^\/v1\/account_links$/, handle: (_, p) => accountLink(p) },
    retrieve('transfers', ledger.transfers, 'transfer'),
    retrieve('application_fees', ledger.applicationFees, 'application_fee'),
  ];

  // An onboarding link's page: Stripe's error page for an unknown account or a link without
  // its return addresses, else what `page` answers.
  const onboardingLink =
    (page: (account: string, back: Return) => Answer) =>
    ([account]: string[], p: Params): Answer => {
      const back = returnOf(p);
      if (!ledger.accounts.has(account!)) return noSuchAccount(account!);
      if (!back) return html(400, 'Invalid onboarding link', '<p>The link has no return_url or refresh_url.</p>');
      return page(account!, back);
    };

  // The pages Stripe hosts for a connected account's holder, reached through the links above.
  const pages: Route<Answer>[] = [
    {
      method: 'GET',
      pattern: /^\/connect\/onboarding\/([^/]+)$/,
      handle: onboardingLink((account, back) =>
        html(
          200,
          'Stripe onboarding (test)',
          `<p>Account <code>${escapeHtml(account)}</code></p>` +
            `<form method="post" action="${escapeHtml(onboardingUrl(account, back))}">` +
            `<button type="submit">Complete onboarding</button></form>` +
            `<p><a href="${escapeHtml(back.refresh_url)}">Return without finishing</a></p>`,
        ),
      ),
    },
    {
      method: 'POST',
      pattern: /^\/connect\/onboarding\/([^/]+)$/,
      handle: onboardingLink((account, back) => {
        ledger.completeOnboarding(account);
        return { status: 303, headers: { location: back.return_url }, body: '' };
      }),
    },
    {
      method: 'GET',
      pattern: /^\/connect\/dashboard\/([^/]+)$/,
      handle: ([account]) =>
        ledger.accounts.has(account!)
          ? html(200, 'Stripe Express dashboard (test)', `<p>Account <code>${escapeHtml(account!)}</code></p>`)
          : noSuchAccount(account!),
    },
  ];

  function returnOf(p: Params): Return | undefined {
    const [return_url, refresh_url] = [text(p.return_url), text(p.refresh_url)];
    return return_url && refresh_url ? { return_url, refresh_url } : undefined;
  }

  const noSuchAccount = (account: string) =>
    html(404, 'No such account', `<p>No such account: <code>${escapeHtml(account)}</code></p>`);

  const controls: Route[] = [
    { method: 'GET', pattern: /^\/test\/health$/, handle: () => ({ ok: true }) },
    {
      // Browser tests add a payment intent in any state, succeeded unless told, without events.
      method: 'POST',
      pattern: /^\/test\/intents$/,
      handle: (_, p) =>
        ledger.addIntent({
          amount: Number(p.amount),
          currency: text(p.currency) ?? 'usd',
          status: text(p.status) ?? 'succeeded',
          metadata: asMetadata(p.metadata) ?? {},
        }),
    },
    {
      method: 'GET',
      pattern: /^\/test\/intents\/([^/]+)$/,
      handle: ([id]) => ledger.getOrThrow(ledger.intents, 'payment_intent', id!),
    },
    { method: 'POST', pattern: /^\/test\/intents\/([^/]+)\/succeed$/, handle: ([id]) => ledger.succeed(id!) },
    {
      method: 'POST',
      pattern: /^\/test\/intents\/([^/]+)\/fail$/,
      handle: ([id], p) => ledger.fail(id!, text(p.message)),
    },
    { method: 'POST', pattern: /^\/test\/intents\/([^/]+)\/process$/, handle: ([id]) => ledger.process(id!) },
    {
      method: 'POST',
      pattern: /^\/test\/intents\/([^/]+)\/refund$/,
      handle: ([id], p) => refund(id!, integer(p.amount)),
    },
    { method: 'POST', pattern: /^\/test\/intents\/([^/]+)\/dispute$/, handle: ([id]) => ledger.dispute(id!) },
    {
      method: 'POST',
      pattern: /^\/test\/disputes\/([^/]+)\/close$/,
      handle: ([id], p) => ledger.closeDispute(id!, p.status as 'won' | 'lost'),
    },
    {
      // Browser tests add a connected account, ready to take charges when asked, without events.
      method: 'POST',
      pattern: /^\/test\/accounts$/,
      handle: (_, p) => ledger.addAccount({ ready: p.ready === true, id: text(p.id), email: text(p.email) }),
    },
    {
      method: 'GET',
      pattern: /^\/test\/accounts\/([^/]+)$/,
      handle: ([id]) => ledger.getOrThrow(ledger.accounts, 'account', id!),
    },
    {
      method: 'POST',
      pattern: /^\/test\/accounts\/([^/]+)$/,
      handle: ([id], p) => ledger.updateAccount(id!, p as AccountChanges),
    },
    {
      method: 'POST',
      pattern: /^\/test\/accounts\/([^/]+)\/complete$/,
      handle: ([id]) => ledger.completeOnboarding(id!),
    },
    {
      method: 'GET',
      pattern: /^\/test\/events$/,
      handle: (_, p) =>
        list('/test/events', text(p.payment_intent) ? ledger.eventsFor(text(p.payment_intent)!) : ledger.events),
    },
    {
      method: 'POST',
      pattern: /^\/test\/deliver$/,
      handle: async (_, p) => {
        const url = text(p.webhookUrl) ?? options.webhookUrl;
        if (!url) throw invalidRequest('parameter_missing', 'No webhookUrl given and none configured.', 'webhookUrl');
        const events = Array.isArray(p.eventIds)
          ? p.eventIds.map((id) => ledger.getEvent(String(id)))
          : ledger.events.filter((e) => !delivered.has(e.id));
        if (p.order === 'reverse') events.reverse();
        return { statuses: await deliverTo(url, events), events: events.map((e) => e.id) };
      },
    },
  ];

  // Handlers run to the end without awaiting, so two requests with one key cannot both run.
  function answerApi(method: string, path: string, params: Params, key: string | null): Answer {
    const first = key && method === 'POST' ? answered.get(key) : undefined;
    const retry = `Try using a key other than '${key}' if you meant to execute a different request.`;
    if (first && first.path !== path) {
      return idempotencyError(
        `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${first.path}' vs '${path}'). ${retry}`,
      );
    }
    if (first && first.fingerprint !== fingerprint(params)) {
      return idempotencyError(
        `Keys for idempotent requests can only be used with the same parameters they were first used with. ${retry}`,
      );
    }
    if (first) return { ...first.answer, replayed: true };
    const route = findRoute(api, method, path);
    if (!route)
      return answerError(
        new FakeStripeError(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path}).`,
        }),
      );
    let answer: Answer;
    const hook = hooks.findIndex((h) => h.method === method && h.path.test(path));
    try {
      if (hook >= 0) hooks.splice(hook, 1)[0]!.work();
      answer = { status: 200, body: JSON.stringify(route.handle(route.ids, params)) };
    } catch (error) {
      answer = answerError(error);
      if (refusedUpfront(error)) return answer;
    }
    if (key && method === 'POST') answered.set(key, { path, fingerprint: fingerprint(params), answer });
    return answer;
  }

  async function answerControl(method: string, path: string, params: Params): Promise<Answer> {
    try {
      const route = findRoute(controls, method, path);
      if (!route) throw new FakeStripeError(404, { type: 'invalid_request_error', message: `Unknown path ${path}` });
      return { status: 200, body: JSON.stringify(await route.handle(route.ids, params)) };
    } catch (error) {
      return answerError(error);
    }
  }

  function answerPage(method: string, path: string, params: Params): Answer {
    const route = findRoute(pages, method, path);
    return route ? route.handle(route.ids, params) : html(404, 'Not found', `<p>Nothing at ${escapeHtml(path)}</p>`);
  }

  async function respond(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    requestCount += 1;
    const method = req.method ?? 'GET';
    const [path = '', query = ''] = (req.url ?? '').split('?');
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const isApi = path.startsWith('/v1/');
    const isPage = path.startsWith('/connect/');
    let params: Params | undefined;
    try {
      // The API and the pages' forms take form encoding; the test controls take JSON.
      params = {
        ...parseStripeForm(query),
        ...(isApi || isPage ? parseStripeForm(raw) : raw ? (JSON.parse(raw) as Params) : {}),
      };
    } catch {
      params = undefined;
    }
    requests.push({
      method,
      path,
      body: isApi ? Object.fromEntries(new URLSearchParams(raw)) : {},
      params: params ?? {},
      idempotencyKey: key,
    });
    const answer = !params
      ? answerError(invalidRequest('parameter_invalid', 'The body must be JSON.'))
      : isApi
        ? answerApi(method, path, params, key)
        : isPage
          ? answerPage(method, path, params)
          : await answerControl(method, path, params);
    const headers = { 'content-type': 'application/json', 'request-id': `req_fake${requestCount}`, ...answer.headers };
    res.writeHead(answer.status, answer.replayed ? { ...headers, 'idempotent-replayed': 'true' } : headers);
    res.end(answer.body);
    if (method !== 'GET') options.onChange?.();
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => void respond(req, res, raw));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${bound}`;

  return {
    url: baseUrl,
    webhookSecret,
    requests,
    intents: ledger.intents,
    charges: ledger.charges,
    refundsById: ledger.refundsById,
    disputes: ledger.disputes,
    accounts: ledger.accounts,
    transfers: ledger.transfers,
    transferReversals: ledger.transferReversals,
    applicationFees: ledger.applicationFees,
    refunds: ledger.refunds,
    events: ledger.events,
    addIntent: ledger.addIntent,
    setStatus: ledger.setStatus,
    succeed: ledger.succeed,
    fail: ledger.fail,
    process: ledger.process,
    refund,
    dispute: ledger.dispute,
    closeDispute: ledger.closeDispute,
    failNextRefund: ledger.failNextRefund,
    createAccount: ledger.createAccount,
    addAccount: ledger.addAccount,
    updateAccount: ledger.updateAccount,
    completeOnboarding: ledger.completeOnboarding,
    eventsFor: ledger.eventsFor,
    sign,
    deliver,
    deliverTo,
    waitForDeliveries: () => deliveries,
    beforeNext: (method, path, work) => void hooks.push({ method, path, work }),
    useInEnv: () => {
      process.env.STRIPE_SECRET_KEY = 'sk_test_fake';
      process.env.STRIPE_PUBLISHABLE_KEY = 'pk_test_fake';
      process.env.STRIPE_WEBHOOK_SECRET = webhookSecret;
      process.env.STRIPE_API_HOST = '127.0.0.1';
      process.env.STRIPE_API_PORT = String(bound);
      process.env.STRIPE_API_PROTOCOL = 'http';
    },
    close: async () => {
      await deliveries;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
    },
  };
}

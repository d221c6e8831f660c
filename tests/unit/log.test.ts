import { DrizzleQueryError } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError, toErrorResponse } from '@/lib/http/errors';
import { createLogger, logError, logger, readLogLevel, redirectLogs, scrubText, serializeError } from '@/lib/log';

const EMAIL = 'ada.lovelace+test@example.com';
const HASH = 'scrypt$16384$8$1$c2FsdHNhbHQ=$a2V5a2V5a2V5a2V5+/==';

function capture() {
  const lines: string[] = [];
  const log = createLogger({ write: (line) => void lines.push(line) }, 'info');
  return { log, lines, json: () => lines.map((line) => JSON.parse(line) as Record<string, any>) };
}

// What node-postgres throws for a duplicate key, wrapped as drizzle wraps it.
function failedInsert() {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
    name: 'error',
    severity: 'ERROR',
    code: '23505',
    detail: `Key (lower(email))=(${EMAIL}) already exists.`,
    table: 'users',
    constraint: 'users_email_unique',
    routine: '_bt_check_unique',
  });
  return new DrizzleQueryError(
    'insert into "users" ("id", "email", "password_hash") values ($1, $2, $3)',
    ['local|1', EMAIL, HASH],
    cause,
  );
}

describe('serializeError', () => {
  it('keeps only the SQLSTATE fields and the query text of a failed query', () => {
    const fields = serializeError(failedInsert());
    expect(fields).toEqual({
      type: 'DatabaseError',
      code: '23505',
      constraint: 'users_email_unique',
      table: 'users',
      routine: '_bt_check_unique',
      query: 'insert into "users" ("id", "email", "password_hash") values ($1, $2, $3)',
      stack: expect.stringMatching(/^\s+at /),
    });
    expect(JSON.stringify(fields)).not.toMatch(/example\.com|scrypt\$|params|Key \(/);
  });

  it('finds the database error behind a wrapper and drops the wrapper message too', () => {
    const wrapped = new Error(`refund failed: ${failedInsert().message}`, { cause: failedInsert() });
    const fields = serializeError(wrapped);
    expect(fields).toMatchObject({ type: 'DatabaseError', code: '23505', constraint: 'users_email_unique' });
    expect(JSON.stringify(fields)).not.toMatch(/example\.com|scrypt\$|params/);
  });

  it('scrubs e-mail addresses, hashes and keys from any other error, its stack and its cause', () => {
    const error = new Error(`no account for ${EMAIL} (hash ${HASH})`, {
      cause: new TypeError('Bearer abc.def.ghi rejected for sk_test_51Abc'),
    });
    const fields = serializeError(error);
    expect(fields.type).toBe('Error');
    expect(fields.message).toBe('no account for [email] (hash [hash])');
    expect(fields.stack).toMatch(/^Error: no account for \[email\] \(hash \[hash\]\)\n\s+at /);
    expect(fields.cause).toMatchObject({ type: 'TypeError', message: 'Bearer [redacted] rejected for [key]' });
    expect(JSON.stringify(fields)).not.toMatch(/example\.com|scrypt\$|abc\.def|sk_test/);
  });

  it('keeps the name and code of an application error and handles thrown values', () => {
    expect(serializeError(new AppError('conflict', 'Taken'))).toMatchObject({ type: 'AppError', message: 'Taken' });
    expect(serializeError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toMatchObject({
      code: 'ECONNRESET',
    });
    expect(serializeError(`boom for ${EMAIL}`)).toEqual({ type: 'string', message: 'boom for [email]' });
    class RateLimiterRes {
      msBeforeNext = 1000;
    }
    expect(serializeError(new RateLimiterRes())).toEqual({ type: 'RateLimiterRes', message: '' });
  });

  it('does not mistake a Node error code for a SQLSTATE', () => {
    expect(serializeError(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toMatchObject({
      type: 'Error',
      message: 'write EPIPE',
      code: 'EPIPE',
    });
  });

  it('scrubText leaves ordinary text alone', () => {
    expect(scrubText('payment pi_123 for envolvement 42 failed')).toBe('payment pi_123 for envolvement 42 failed');
  });
});

describe('scrubText on what anyone can send', () => {
  // Texts that made the e-mail pattern retry at every character: long runs of the
  // characters an address is made of, with or without an '@' and a domain after them.
  const HUNDRED_KB = 100 * 1024;
  const adversarial = {
    'a run without @': 'a'.repeat(HUNDRED_KB),
    'a run of dots and letters': 'a.'.repeat(HUNDRED_KB / 2),
    'a run then @ and no domain': `${'a'.repeat(HUNDRED_KB - 1)}@`,
    'a run then @ and a domain without a dot': `${'a'.repeat(HUNDRED_KB / 2)}@${'b'.repeat(HUNDRED_KB / 2)}`,
    'repeated @': 'a@'.repeat(HUNDRED_KB / 2),
    'repeated Bearer': 'Bearer '.repeat(HUNDRED_KB / 7),
    'spaces after Bearer': `Bearer${' '.repeat(HUNDRED_KB)}`,
    'repeated scrypt$': 'scrypt$'.repeat(HUNDRED_KB / 7),
  };

  it.each(Object.entries(adversarial))('scrubs 100 KB of %s in linear time', (_, text) => {
    const started = performance.now();
    for (let i = 0; i < 5; i++) scrubText(text);
    const each = (performance.now() - started) / 5;
    // The quadratic pattern took seconds on these texts; a linear one takes well under a
    // millisecond. The bound is loose so that a busy machine cannot fail it.
    expect(each).toBeLessThan(50);
    expect(scrubText(text).length).toBeLessThanOrEqual(2000);
  });

  it('cuts the text before it scrubs, and still scrubs an address the cut falls inside', () => {
    const address = 'someone.with.a.long.name@example.com';
    const text = `${'x '.repeat(995)}${address} and more`;
    expect(text.indexOf(address)).toBeLessThan(2000);
    expect(text.indexOf(address) + address.length).toBeGreaterThan(2000);
    const scrubbed = scrubText(text);
    expect(scrubbed).toBe(`${'x '.repeat(995)}[email] and more`.slice(0, 2000));
    expect(scrubText(`${'y'.repeat(3000)} ${EMAIL}`)).toBe('y'.repeat(2000));
  });

  it('finds addresses wherever a run of their characters starts', () => {
    expect(scrubText(`(${EMAIL}), <${EMAIL}>;${EMAIL}`)).toBe('([email]), <[email]>;[email]');
    expect(scrubText(`first.last+tag@mail.example.co.uk`)).toBe('[email]');
  });
});

describe('the logger', () => {
  it('writes one JSON line with a level name, a time, the scope and the context', () => {
    const { log, json } = capture();
    log.info({ scope: 'payments', paymentId: 'pay_1' }, 'reconciled');
    expect(json()).toEqual([
      expect.objectContaining({
        level: 'info',
        scope: 'payments',
        paymentId: 'pay_1',
        msg: 'reconciled',
        time: expect.any(String),
      }),
    ]);
  });

  it('censors secret and personal keys down to four levels, in objects and arrays', () => {
    const { log, lines, json } = capture();
    log.info(
      {
        email: EMAIL,
        user: { password: 'hunter2', passwordHash: HASH },
        request: { headers: { authorization: 'Bearer x', cookie: 'session=1', 'stripe-signature': 't=1,v1=2' } },
        rows: [{ owner: { email: EMAIL, password_hash: HASH } }],
        query: { params: ['local|1', EMAIL], detail: `Key (email)=(${EMAIL})` },
        card: { number: '4242424242424242', cvc: '123' },
        kept: 'visible',
      },
      'request',
    );
    expect(lines[0]).not.toMatch(/example\.com|scrypt\$|hunter2|session=1|4242|Bearer x|v1=2/);
    const [line] = json();
    expect(line!.email).toBe('[redacted]');
    expect(line!.request.headers).toEqual({
      authorization: '[redacted]',
      cookie: '[redacted]',
      'stripe-signature': '[redacted]',
    });
    expect(line!.rows[0].owner).toEqual({ email: '[redacted]', password_hash: '[redacted]' });
    expect(line!.query).toEqual({ params: '[redacted]', detail: '[redacted]' });
    expect(line!.kept).toBe('visible');
  });

  it('never makes a failed query its message, however the error is passed', () => {
    const { log, lines, json } = capture();
    log.error(failedInsert());
    log.error({ err: failedInsert() });
    log.error({ error: failedInsert(), paymentId: 'pay_1' });
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).not.toMatch(/example\.com|scrypt\$|params|Failed query/);
    expect(json().map((line) => line.msg)).toEqual(['database error 23505', 'database error 23505', undefined]);
    expect(json()[2]!.error).toMatchObject({ code: '23505', constraint: 'users_email_unique' });
  });
});

describe('readLogLevel', () => {
  it('reads LOG_LEVEL, defaults to info and is silent under tests unless told', () => {
    expect(readLogLevel({})).toBe('info');
    expect(readLogLevel({ LOG_LEVEL: 'debug' })).toBe('debug');
    expect(readLogLevel({ LOG_LEVEL: ' WARN ' })).toBe('warn');
    expect(readLogLevel({ LOG_LEVEL: 'loud' })).toBe('info');
    expect(readLogLevel({ NODE_ENV: 'test' })).toBe('silent');
    expect(readLogLevel({ NODE_ENV: 'test', LOG_LEVEL: 'error' })).toBe('error');
    expect(readLogLevel({ NODE_ENV: 'production' })).toBe('info');
  });
});

describe('the process logger', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  function redirect() {
    const lines: string[] = [];
    restore = redirectLogs({ write: (line) => void lines.push(line) });
    return lines;
  }

  it('writes to the redirected stream until restored, then goes back to its level', () => {
    expect(logger.level).toBe(readLogLevel());
    const lines = redirect();
    logError('jobs', new Error('stopped'));
    restore!();
    restore = undefined;
    logError('jobs', new Error('not seen'));
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        level: 'error',
        scope: 'jobs',
        msg: 'Error: stopped',
        err: expect.objectContaining({ message: 'stopped' }),
      }),
    ]);
    expect(logger.level).toBe(readLogLevel());
  });

  it('logs an unexpected error of a route with the generic 500 unchanged', async () => {
    const lines = redirect();
    const response = toErrorResponse(new Error(`mail to ${EMAIL} bounced`));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: 'Something went wrong. Please try again later.', code: 'internal' });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'error',
      scope: 'api',
      err: { type: 'Error', message: 'mail to [email] bounced' },
    });
    expect(lines[0]).not.toContain('example.com');
  });

  it('does not log expected errors', () => {
    const lines = redirect();
    toErrorResponse(new AppError('not_found', 'Not found'));
    expect(lines).toEqual([]);
  });
});

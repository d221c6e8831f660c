import 'server-only';
import pino, { type DestinationStream, type LevelWithSilent, type Logger } from 'pino';

// One structured logger: JSON lines on stdout, written synchronously in this thread (no
// transports: it runs inside Next's server). Secrets and personal data stay out in two
// ways: `redact` censors keys that can hold them, and errors go through serializeError,
// which keeps only the SQLSTATE fields of a database error (a failed query's message
// embeds its parameters: hashes, e-mail addresses).

export type LogContext = Record<string, unknown>;
export type { Logger };

const LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'passwordHash',
  'password_hash',
  'email',
  'emailAddress',
  'email_address',
  'receipt_email',
  'customerEmail',
  'customer_email',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'idToken',
  'id_token',
  'sessionToken',
  'secret',
  'clientSecret',
  'client_secret',
  'webhookSecret',
  'apiKey',
  'api_key',
  'authorization',
  'Authorization',
  'cookie',
  'Cookie',
  'set-cookie',
  'Set-Cookie',
  'stripe-signature',
  'stripeSignature',
  'signature',
  'card',
  'cardNumber',
  'card_number',
  'cvc',
  'cvv',
  'billing_details',
  'billingDetails',
  // A failed query's values and PostgreSQL's "Key (email)=(…)" / "Failing row contains (…)".
  'params',
  'detail',
];
// pino's paths are exact, and `*` stands for one level: cover each key down to four levels.
const REDACT_PATHS = SECRET_KEYS.flatMap((key) => {
  const step = /^\w+$/.test(key) ? `.${key}` : `["${key}"]`;
  return ['', '*', '*.*', '*.*.*'].map((prefix) => (prefix + step).replace(/^\./, ''));
});

/** LOG_LEVEL when it names a level; else 'info', and nothing at all under tests. */
export function readLogLevel(env: Record<string, string | undefined> = process.env): LevelWithSilent {
  const wanted = env.LOG_LEVEL?.trim().toLowerCase();
  if (wanted && (LEVELS as string[]).includes(wanted)) return wanted as LevelWithSilent;
  return env.NODE_ENV === 'test' && !wanted ? 'silent' : 'info';
}

/** A logger writing to `destination` (stdout unless told), with this module's redaction. */
export function createLogger(destination?: DestinationStream, level: LevelWithSilent = readLogLevel()): Logger {
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: { err: serializeError, error: serializeError },
      hooks: {
        // pino makes an error's message the line's `msg` when no message is given; a failed
        // query's message holds its parameters, so the line gets the error's safe summary.
        logMethod(args, method) {
          const [first, second] = args as unknown[];
          const error =
            first instanceof Error ? first : isRecord(first) && first.err instanceof Error ? first.err : undefined;
          if (!error || typeof second === 'string') return method.apply(this, args);
          return method.apply(this, [first instanceof Error ? { err: first } : first, summarizeError(error)] as never);
        },
      },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

// The process's logger writes through this switch, so that a test can read its lines.
let output: DestinationStream = pino.destination({ dest: 1, sync: true });
export const logger: Logger = createLogger({ write: (line) => output.write(line) });

/** Sends the process logger's lines to `destination` at `level`; returns the undo. */
export function redirectLogs(destination: DestinationStream, level: LevelWithSilent = 'info'): () => void {
  const previous = { output, level: logger.level };
  output = destination;
  logger.level = level;
  return () => {
    output = previous.output;
    logger.level = previous.level;
  };
}

/** Logs an error that the code did not expect, with what it was doing (`scope`: 'api', 'payments.refund'). */
export function logError(scope: string, error: unknown, context: LogContext = {}): void {
  logger.error({ ...context, scope, err: error }, summarizeError(error));
}

export function logWarn(scope: string, message: string, context: LogContext = {}): void {
  logger.warn({ ...context, scope }, message);
}

export function logInfo(scope: string, message: string, context: LogContext = {}): void {
  logger.info({ ...context, scope }, message);
}

// --- Errors -------------------------------------------------------------------------

export type SerializedError = {
  type: string;
  message?: string;
  stack?: string;
  code?: string | number;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  query?: string;
  cause?: SerializedError;
};

// SQLSTATE classes are two digits, or F0, HV, P0, XX; Node's codes (EPIPE…) are not.
const SQLSTATE = /^(?:\d\d|F0|HV|P0|XX)[0-9A-Z]{3}$/;
const MAX_TEXT = 2000;

type ErrorLike = Record<string, unknown>;

function isRecord(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null;
}

function collectCauses(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  for (let e = error; isRecord(e) && chain.length < 8 && !chain.includes(e); e = e.cause) chain.push(e);
  return chain;
}

const readText = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
// `name` says AppError or TypeError; drizzle's DrizzleQueryError leaves it at 'Error', and a
// thrown object that is no Error has none.
const readType = (e: ErrorLike) =>
  (e.name !== 'Error' && readText(e.name)) ||
  readText((e.constructor as { name?: unknown } | undefined)?.name) ||
  'Error';

// An e-mail address can only start where a run of the characters it is made of starts:
// the lookbehind keeps the pattern from retrying at every character of a long run, which
// made it quadratic in the text's length.
const EMAIL_CHAR = "[\\w.!#$%&'*+/=?^`{|}~-]";
const EMAIL = new RegExp(`(?<!${EMAIL_CHAR})${EMAIL_CHAR}+@[\\w-]+(?:\\.[\\w-]+)+`, 'g');
// The longest e-mail address: text is cut this far past the limit first, so that an
// address across the limit is still whole, and scrubbed, when it is cut again.
const MAX_ADDRESS = 254;

/** Removes e-mail addresses, password hashes and bearer keys from a text, and cuts it. */
export function scrubText(value: string): string {
  return value
    .slice(0, MAX_TEXT + MAX_ADDRESS)
    .replace(/scrypt\$[\w+/=$.-]*/g, '[hash]')
    .replace(EMAIL, '[email]')
    .replace(/\b(?:sk|rk|whsec)_(?:live_|test_)?\w+/g, '[key]')
    .replace(/\bBearer\s+[\w.~+/=-]+/gi, 'Bearer [redacted]')
    .slice(0, MAX_TEXT);
}

/** An error for a log line: a database error as its SQLSTATE fields only, any other scrubbed. */
export function serializeError(error: unknown): SerializedError {
  if (!isRecord(error)) return { type: typeof error, message: scrubText(String(error)) };
  const chain = collectCauses(error);
  const database = chain.find((e) => typeof e.code === 'string' && SQLSTATE.test(e.code));
  const query = chain.find((e) => typeof e.query === 'string' && 'params' in e);
  if (database || query) {
    // Never the message, `detail` or `params` of a database error: they hold the row's values.
    const fields: SerializedError = { type: 'DatabaseError' };
    for (const key of ['code', 'constraint', 'table', 'column', 'routine'] as const) {
      const value = readText(database?.[key]);
      if (value) fields[key] = value;
    }
    if (query) fields.query = scrubText(query.query as string);
    const frames = readText(error.stack)
      ?.split('\n')
      .filter((line) => /^\s+at /.test(line));
    if (frames?.length) fields.stack = scrubText(frames.join('\n'));
    // A query that never reached the server (connection refused) failed for another reason.
    const other = !database && chain.find((e) => e !== query && e !== error);
    if (other) fields.cause = serializeError(other);
    return fields;
  }
  const fields: SerializedError = { type: readType(error), message: scrubText(readText(error.message) ?? '') };
  if (readText(error.stack)) fields.stack = scrubText(error.stack as string);
  if ((typeof error.code === 'string' && error.code.length <= 40) || typeof error.code === 'number')
    fields.code = error.code;
  if (isRecord(error.cause)) fields.cause = serializeError(error.cause);
  return fields;
}

/** A line's message for an error: never the text of a database error. */
function summarizeError(error: unknown): string {
  const fields = serializeError(error);
  if (fields.message === undefined) return `database error${fields.code ? ` ${fields.code}` : ''}`;
  return `${fields.type}: ${fields.message.slice(0, 200)}`;
}

import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerEnvelope } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import { useSiteUrl } from './http';

// A real SMTP server for the tests, on a free port of 127.0.0.1: plain text (no STARTTLS),
// sign-in allowed but not required. It keeps every message it accepted, parsed, with its
// envelope, and can refuse the next messages with a 4xx or hold a message's DATA open
// without answering, as a server that stalls would.

export type ReceivedMail = {
  /** MAIL FROM and RCPT TO, as the client sent them. */
  envelope: { from: string | null; to: string[] };
  /** The user the client signed in as, if it did. */
  user: string | null;
  raw: Buffer;
  parsed: ParsedMail;
};

export type TestSmtp = {
  port: number;
  /** The SMTP_URL of this server for nodemailer. */
  url: string;
  /** The messages accepted (answered 250), in order. */
  received: ReceivedMail[];
  /** How many messages' DATA arrived in all, accepted, refused or held. */
  dataCount: () => number;
  /** Refuses the next `count` messages at the end of DATA with `code` (451 unless told). */
  failNext: (count: number, code?: number, text?: string) => void;
  /** While on, a message's DATA is read in full and never answered. */
  holdData: (on: boolean) => void;
  /** Resolves once a held message's DATA has arrived in full. */
  whenHeld: () => Promise<void>;
  /** Answers the held messages at last, refusing them with `code` (451 unless told). */
  refuseHeld: (code?: number) => void;
  /** Forgets what was received and refused, and stops refusing and holding. */
  reset: () => void;
  close: () => Promise<void>;
};

function address(value: SMTPServerEnvelope['mailFrom']): string | null {
  return value ? value.address : null;
}

async function readAll(stream: SMTPServerDataStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let data = 0;
  let refusals: { left: number; code: number; text: string } = { left: 0, code: 451, text: '' };
  let holding = false;
  let heldWaiters: Array<() => void> = [];
  let heldCount = 0;
  let heldAnswers: Array<(error: Error) => void> = [];

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    disableReverseLookup: true,
    logger: false,
    // Held connections are dropped soon after close() instead of after 30 s.
    closeTimeout: 200,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      void readAll(stream).then(
        async (raw) => {
          data += 1;
          if (holding) {
            heldCount += 1;
            heldAnswers.push(callback);
            for (const wake of heldWaiters) wake();
            heldWaiters = [];
            return; // never answered
          }
          if (refusals.left > 0) {
            refusals.left -= 1;
            const error = Object.assign(new Error(refusals.text || 'Try again later'), {
              responseCode: refusals.code,
            });
            callback(error);
            return;
          }
          const parsed = await simpleParser(raw);
          received.push({
            envelope: {
              from: address(session.envelope.mailFrom),
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            },
            user: typeof session.user === 'string' ? session.user : null,
            raw,
            parsed,
          });
          callback(null, 'Queued');
        },
        (error: Error) => callback(error),
      );
    },
  });
  // A client that goes away mid-message (a killed worker) is no failure of the server.
  server.on('error', () => undefined);

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    dataCount: () => data,
    failNext: (count, code = 451, text = '') => {
      refusals = { left: count, code, text: text || 'Mailbox busy, try again later' };
    },
    holdData: (on) => {
      holding = on;
    },
    whenHeld: () =>
      heldCount > 0 ? Promise.resolve() : new Promise<void>((resolve) => void heldWaiters.push(resolve)),
    refuseHeld: (code = 451) => {
      const answers = heldAnswers;
      heldAnswers = [];
      for (const answer of answers) {
        answer(Object.assign(new Error('Held too long, try again later'), { responseCode: code }));
      }
    },
    reset: () => {
      received.length = 0;
      data = 0;
      refusals = { left: 0, code: 451, text: '' };
      holding = false;
      heldCount = 0;
      heldWaiters = [];
      heldAnswers = [];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A test SMTP server for the file: started once, emptied before each test, and named in
 * SMTP_URL so that the app sends through it. What it answers is the running server's.
 */
export function useTestSmtp(): TestSmtp {
  let current: TestSmtp | undefined;
  beforeAll(async () => {
    current = await startTestSmtp();
  });
  afterAll(async () => {
    await current?.close();
  });
  beforeEach(() => {
    current!.reset();
    vi.stubEnv('SMTP_URL', current!.url);
  });
  // The server's functions are closures over its state: reading them off it is enough.
  return new Proxy({} as TestSmtp, { get: (_, key) => Reflect.get(current!, key) });
}

/** Each test's messages link to `site` and come from `from`, as MAIL_FROM names it. */
export function useMailSettings(site: string, from: { name: string; address: string }): void {
  useSiteUrl(site);
  beforeEach(() => {
    vi.stubEnv('MAIL_FROM', `${from.name} <${from.address}>`);
  });
}

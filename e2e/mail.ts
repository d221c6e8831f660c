import { expect, type APIRequestContext } from '@playwright/test';
import { MAIL_SINK_URL } from '../playwright.config';

// What reached an inbox in the browser tests: the mail sink's messages (e2e/smtp-sink.ts).

export type SentMessage = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
};

async function messagesTo(request: APIRequestContext, to: string): Promise<SentMessage[]> {
  const all = (await (await request.get(`${MAIL_SINK_URL}/messages`)).json()) as SentMessage[];
  return all.filter((message) => message.to.includes(to.toLowerCase()));
}

/** The newest message to `to` whose subject is `subject`, waited for (the mail job sends within seconds). */
export async function latestMail(request: APIRequestContext, to: string, subject: string): Promise<SentMessage> {
  let found: SentMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await messagesTo(request, to)).filter((message) => message.subject === subject).at(-1);
        return Boolean(found);
      },
      { timeout: 30_000, message: `an e-mail "${subject}" to ${to}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in a message's text to a path of the site (`/verify-email`, `/reset-password`…). */
export function linkIn(message: SentMessage, path: string): string {
  const match = new RegExp(`https?://[^\\s)\\]]+${path.replace(/[/?]/g, '\\$&')}[^\\s)\\]]*`).exec(message.text);
  expect(match, `a link to ${path} in "${message.subject}"`).not.toBeNull();
  return match![0];
}

/** How many messages `to` has received with this subject. */
export async function countMail(request: APIRequestContext, to: string, subject: string): Promise<number> {
  return (await messagesTo(request, to)).filter((message) => message.subject === subject).length;
}

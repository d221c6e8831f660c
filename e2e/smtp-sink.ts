// The browser tests' mail server: it accepts every message the app sends (plain SMTP, no
// sign-in) and lists them as JSON at GET /messages on its HTTP port, so a spec can check
// what reached someone's inbox. Only for the tests.
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

type Message = { to: string[]; subject: string; text: string; html: string; headers: Record<string, string> };

const smtpPort = Number(process.env.SMTP_SINK_PORT ?? 12125);
const httpPort = Number(process.env.SMTP_SINK_HTTP_PORT ?? 12126);
const messages: Message[] = [];

const smtp = new SMTPServer({
  secure: false,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, done) {
    simpleParser(stream)
      .then((parsed) => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          // The headers as sent ('List-Unsubscribe-Post: …'), not as mailparser folds them.
          headers: Object.fromEntries(
            parsed.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).trim()]),
          ),
        });
        done();
      })
      .catch((error: Error) => done(error));
  },
});
smtp.listen(smtpPort, '127.0.0.1');

http
  .createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(req.url?.startsWith('/messages') ? messages : { ok: true }));
  })
  .listen(httpPort, '127.0.0.1', () => console.log(`mail sink on smtp ${smtpPort}, http ${httpPort}`));

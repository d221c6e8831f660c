import { defineConfig } from '@playwright/test';
import { desktopChromium, failureRecords, runRules } from './e2e/browser-run';
import { OIDC_CLIENT } from './e2e/oidc-account.mjs';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = process.env.PLAYWRIGHT_BASE_URL ?? `http://localhost:${port}`;
const fakeStripePort = process.env.FAKE_STRIPE_PORT ?? '12111';
export const FAKE_STRIPE_URL = `http://127.0.0.1:${fakeStripePort}`;
const oidcPort = process.env.OIDC_PORT ?? '12112';
const smtpPort = process.env.SMTP_SINK_PORT ?? '12125';
const smtpHttpPort = process.env.SMTP_SINK_HTTP_PORT ?? '12126';
/** What the mail sink received: GET `${MAIL_SINK_URL}/messages`. */
export const MAIL_SINK_URL = `http://127.0.0.1:${smtpHttpPort}`;
/** Where a server started by a spec sends its e-mail to reach the sink. */
export const MAIL_SINK_SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;

/** Specs that only read pages, and so may run beside the others. */
const AUDITS = /accessibility\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  // The specs share one server and one database: those that change it run one at a time
  // (the chromium project), and the accessibility audits, which only read, beside them.
  workers: 2,
  ...runRules,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: { baseURL, ...failureRecords },
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    {
      name: 'chromium',
      use: desktopChromium,
      dependencies: ['setup'],
      testIgnore: AUDITS,
      workers: 1,
    },
    {
      name: 'audits',
      use: desktopChromium,
      dependencies: ['setup'],
      testMatch: AUDITS,
      workers: 1,
    },
  ],
  webServer: process.env.PLAYWRIGHT_BASE_URL
    ? undefined
    : [
        {
          // Stripe's API is replaced by a local fake, so card payments are tested offline.
          command: 'npx tsx e2e/fake-stripe-server.ts',
          url: `${FAKE_STRIPE_URL}/test/health`,
          timeout: 60_000,
          reuseExistingServer: false,
          stdout: 'ignore',
          // Like Stripe, it delivers signed events to the app's webhook as they happen.
          env: {
            FAKE_STRIPE_PORT: fakeStripePort,
            FAKE_STRIPE_WEBHOOK_URL: `${baseURL}/api/payment/webhook`,
            FAKE_STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
            FAKE_STRIPE_AUTO_DELIVER: '1',
          },
        },
        {
          // A real OpenID provider, for signing in through /login's provider button.
          command: 'node e2e/oidc-provider-server.mjs',
          url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
          timeout: 60_000,
          reuseExistingServer: false,
          stdout: 'ignore',
          // Its warnings are about running a development setup, which this is.
          stderr: 'ignore',
          env: { OIDC_PORT: oidcPort, OIDC_APP_URL: baseURL },
        },
        {
          // A mail server that keeps what the app sends, so the notification e-mails are
          // rendered and sent by the production build.
          command: 'npx tsx e2e/smtp-sink.ts',
          url: `${MAIL_SINK_URL}/health`,
          timeout: 60_000,
          reuseExistingServer: false,
          stdout: 'ignore',
          env: { SMTP_SINK_PORT: smtpPort, SMTP_SINK_HTTP_PORT: smtpHttpPort },
        },
        {
          command: 'node scripts/e2e-server.mjs',
          url: `${baseURL}/api/health`,
          timeout: 120_000,
          reuseExistingServer: false,
          stdout: 'ignore',
          stderr: 'pipe',
          env: {
            E2E_PORT: String(port),
            NEXTAUTH_URL: baseURL,
            NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? 'e2e-only-secret-not-for-production',
            NEXT_TELEMETRY_DISABLED: '1',
            STRIPE_SECRET_KEY: 'sk_test_e2e',
            STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
            STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
            STRIPE_API_HOST: '127.0.0.1',
            STRIPE_API_PORT: fakeStripePort,
            STRIPE_API_PROTOCOL: 'http',
            OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
            OIDC_CLIENT_ID: OIDC_CLIENT.id,
            OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
            OIDC_NAME: OIDC_CLIENT.name,
            SMTP_URL: MAIL_SINK_SMTP_URL,
            MAIL_POLL_SECONDS: '1',
            // No load balancer to tell: the run stops it once the specs are done.
            SHUTDOWN_DRAIN_SECONDS: '0',
          },
        },
      ],
});

import path from 'node:path';
import type { BrowserContext, Page, Route } from '@playwright/test';
import { FAKE_STRIPE_URL } from '../playwright.config';

// Where @stripe/stripe-js loads Stripe.js from: its STRIPE_JS_URL_REGEX and V3_URL_REGEX
// ('https://js.stripe.com/endive/stripe.js', with an optional query).
const STRIPE_JS = /^https:\/\/js\.stripe\.com\/((v3|[a-z]+)\/stripe\.js|v3\/?)(\?.*)?$/;
// Where the stand-in confirms an intent, as Stripe.js does.
const CONFIRM = /^https:\/\/api\.stripe\.com\/v1\/payment_intents\/([^/?]+)\/confirm$/;

const STAND_IN = path.join(__dirname, 'stripe-js-stand-in.mjs');

/**
 * Lets the real checkout page pay by card offline: Stripe.js is served by the stand-in,
 * and its confirm call confirms the fake Stripe's intent with the test Visa (the fake then
 * delivers the signed webhook to the app by itself). Install it before the page loads.
 */
export async function installStripeStandIn(target: Page | BrowserContext): Promise<void> {
  await target.route(STRIPE_JS, (route) => route.fulfill({ path: STAND_IN, contentType: 'text/javascript' }));
  await target.route(CONFIRM, (route) => confirm(route, target));
}

async function confirm(route: Route, target: Page | BrowserContext) {
  const id = decodeURIComponent(CONFIRM.exec(route.request().url())![1]!);
  const secret = new URLSearchParams(route.request().postData() ?? '').get('client_secret');
  // Like Stripe, only the intent's own client secret may confirm it.
  const intent = await target.request.get(`${FAKE_STRIPE_URL}/test/intents/${encodeURIComponent(id)}`);
  const known = intent.ok() && (await intent.json()).client_secret === secret;
  // The page is on the app's origin, so the answer must allow it to be read (CORS).
  const cors = { 'access-control-allow-origin': '*' };
  if (!known) {
    const error = { type: 'invalid_request_error', message: `No such payment_intent: '${id}'` };
    return route.fulfill({ status: 404, headers: cors, json: { error } });
  }
  // The card in the stand-in's box is Stripe's test Visa: confirmed as Stripe.js would confirm it.
  const confirmed = await route.fetch({
    url: `${FAKE_STRIPE_URL}/v1/payment_intents/${encodeURIComponent(id)}/confirm`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    postData: new URLSearchParams({ payment_method: 'pm_card_visa' }).toString(),
  });
  return route.fulfill({ response: confirmed, headers: { ...confirmed.headers(), ...cors } });
}

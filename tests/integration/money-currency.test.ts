import { asc, eq } from 'drizzle-orm';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PricingStep } from '@/components/create/wizard-steps';
import { WizardPreview } from '@/components/create/wizard-preview';
import { EditOfferFields } from '@/components/envolvement/edit-envolvement-fields';
import { initialEditForm, toEditBody } from '@/components/envolvement/use-edit-envolvement';
import { EnvolvementSummary } from '@/components/envolvement/envolvement-summary';
import { MembersList } from '@/components/envolvement/members-list';
import { OfferCard } from '@/components/envolvement/offer-card';
import { OfferDialogBody } from '@/components/envolvement/offer-dialog';
import { RemovedBanner } from '@/components/envolvement/removed-banner';
import { OfferCarousel } from '@/components/marketing/offer-carousel';
import { db } from '@/lib/db/client';
import { listPurchasedEnvolvements } from '@/lib/envolvements/list';
import { memberPage } from '@/lib/creator/members';
import { getEnvolvementForViewer } from '@/lib/envolvements/queries';
import { exampleSlides } from '@/lib/marketing/hero';
import { emptyWizard, nextHint } from '@/lib/envolvements/wizard';
import { stepErrors } from '@/lib/envolvements/wizard-check';
import { composeEmail } from '@/lib/notifications/deliver';
import { siteCurrency } from '@/lib/stripe/config';
import { sellingFor } from '@/lib/payouts/service';
import { envolvementJsonLd } from '@/lib/seo/json-ld';
import { getEnvolvementCard } from '@/lib/seo/og';
import { checkWith } from '@/lib/validation/check';
import { editEnvolvementSchema } from '@/lib/validation/envolvement';
import { envolvements, notifications, users } from '@/models';
import { createEnvolvement, createUser, type TestUser } from '../factories';
import { creationBody, editBody } from '../factories/envolvement-input';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { joinByCard, useFakeStripe } from '../helpers/payments';
import { connectCreator } from '../helpers/payout-accounts';
import { withRouter } from '../helpers/router';

// A site that sells in euros (STRIPE_CURRENCY=eur): every amount it shows, writes or sends
// is in the currency of the envolvement, payment or earnings entry behind it, never in
// dollars. Only the currency changes: the texts are the ones the dollar site shows.

useTestDatabase();
const stripe = useFakeStripe();

beforeEach(() => {
  vi.stubEnv('STRIPE_CURRENCY', 'eur');
  vi.stubEnv('NEXTAUTH_URL', 'http://envolve.example');
});

/** The words of some markup, as a person reads them. */
const text = (html: string) =>
  html
    .replace(/<!--.*?-->/gs, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
const shown = (element: ReactElement) => text(renderToStaticMarkup(element));

/** A creator who sells 'Portrait session' for 19.99 in the site's currency, and a buyer who paid for it by card. */
async function euroSale() {
  const creator = await createUser({ name: 'Maya Chen', nickname: 'maya' });
  const buyer = await createUser({ name: 'Lena Roth', nickname: 'lena' });
  await connectCreator(creator.id);
  const created = await call('POST', '/api/post/new-base-envolvement', {
    as: creator,
    json: creationBody({ title: 'Portrait session', price: { price: 19.99, free: false } }),
  });
  expect(created.status).toBe(200);
  const id = created.body.postedID as string;
  expect((await call('PUT', `/api/post/${id}/active`, { as: creator, json: { active: true } })).status).toBe(200);
  const { intentId, purchase } = await joinByCard(stripe(), buyer, id);
  return { creator, buyer, id, intentId, purchase };
}

async function textsTo(user: TestUser) {
  return db()
    .select({ id: notifications.id, kind: notifications.kind, text: notifications.text, link: notifications.link })
    .from(notifications)
    .where(eq(notifications.recipientId, user.id))
    .orderBy(asc(notifications.createdAt));
}

/** The e-mail of a user's notification, as the outbox worker composes it. */
async function emailOf(user: TestUser, notification: Awaited<ReturnType<typeof textsTo>>[number]) {
  const [account] = await db().select().from(users).where(eq(users.id, user.id));
  return composeEmail({
    notification_id: notification.id,
    recipient_id: user.id,
    kind: notification.kind,
    text: notification.text,
    link: notification.link,
    email: account!.email,
    name: account!.name,
  });
}

describe('a sale and its refund, in euros', () => {
  it('stores the price in the site currency and tells the creator in euros, in the app and by e-mail', async () => {
    const { creator, buyer, id } = await euroSale();
    const [row] = await db().select().from(envolvements).where(eq(envolvements.id, id));
    expect(row).toMatchObject({ priceCents: 1999, currency: 'eur' });
    const [paid] = await textsTo(creator);
    expect(paid).toMatchObject({ kind: 'member_paid', text: `${buyer.name} paid €19.99 for Portrait session` });
    const mail = await emailOf(creator, paid!);
    expect(mail.subject).toBe('Lena Roth paid €19.99 for Portrait session');
    expect(text(mail.html)).toContain('Lena Roth paid €19.99 for Portrait session');
    expect(mail.text).toContain('Lena Roth paid €19.99 for Portrait session');
    expect(`${text(mail.html)}${mail.text}`).not.toContain('$');
  });

  it('tells the buyer of a refund in euros, and the payment and the removed notice say euros', async () => {
    const { creator, buyer, id, intentId, purchase } = await euroSale();
    expect((await call('GET', `/api/payment/get-payment-amount/${intentId}`, { as: buyer })).body).toMatchObject({
      amount: 1999,
      currency: 'eur',
    });
    expect((await call('POST', `/api/payment/refund/${purchase.id}`, { as: creator })).status).toBe(200);
    const [refunded] = await textsTo(buyer);
    expect(refunded).toMatchObject({
      kind: 'payment_refunded',
      text: 'Your payment of €19.99 for Portrait session was refunded.',
    });
    const mail = await emailOf(buyer, refunded!);
    expect(mail.text).toContain('Your payment of €19.99 for Portrait session was refunded.');
    expect(`${text(mail.html)}${mail.text}`).not.toContain('$');
    const seen = await getEnvolvementForViewer(id, buyer.id);
    expect(seen!.membership).toMatchObject({ amountCents: 1999, currency: 'eur' });
    const banner = shown(createElement(RemovedBanner, { isCreator: false, membership: seen!.membership }));
    expect(banner).toContain('Your payment of €19.99 was refunded in full.');
  });

  it('exports the sale and the refund with their currency, in plain numbers', async () => {
    const { creator, purchase } = await euroSale();
    expect((await call('POST', `/api/payment/refund/${purchase.id}`, { as: creator })).status).toBe(200);
    const slug = creator.id.split('|')[1]!;
    const csv = await call('GET', `/api/earnings/${slug}/export?days=30`, { as: creator });
    expect(csv.status).toBe(200);
    const lines = String(csv.body).trim().split('\n');
    expect(lines.map((line) => line.split(',').slice(1, 8))).toEqual([
      ['Type', 'Envolvement', 'Buyer', 'Gross', 'Platform fee', 'Net', 'Currency'],
      ['Sale', 'Portrait session', 'Lena Roth', '19.99', '1.00', '18.99', 'EUR'],
      ['Refund', 'Portrait session', 'Lena Roth', '-19.99', '-1.00', '-18.99', 'EUR'],
    ]);
    expect(csv.body).not.toContain('$');
  });
});

describe('what search engines and share images read, in euros', () => {
  it("gives JSON-LD the real currency code and the card's facts its price", async () => {
    const { id } = await euroSale();
    const envolvement = await getEnvolvementForViewer(id, null);
    const doc = envolvementJsonLd(envolvement!, { site: 'https://envolve.example' });
    const product = (doc!['@graph'] as Array<Record<string, unknown>>)[0]!;
    expect(product.offers).toMatchObject({
      price: 19.99,
      priceCurrency: 'EUR',
      seller: { '@type': 'Person', name: 'Maya Chen' },
    });
    const card = await getEnvolvementCard(id);
    expect(card!.facts[0]).toBe('€19.99');
    expect(card!.facts.join(' ')).not.toContain('$');
    expect(card!.creator).toBe('Maya Chen');
  });

  it('counts a zero-decimal currency in whole units', async () => {
    const creator = await createUser();
    const row = await createEnvolvement(creator.id, { priceCents: 500, currency: 'jpy' });
    const envolvement = await getEnvolvementForViewer(row.id, null);
    const doc = envolvementJsonLd(envolvement!, { site: 'https://envolve.example' });
    expect((doc!['@graph'] as Array<Record<string, unknown>>)[0]!.offers).toMatchObject({
      price: 500,
      priceCurrency: 'JPY',
    });
    expect((await getEnvolvementCard(row.id))!.facts[0]).toBe('¥500');
  });
});

describe('the pages that show prices, in euros', () => {
  it('shows the price on the card, the dialog and the detail page, and the receipt on the buyer’s card', async () => {
    const { buyer, id } = await euroSale();
    const purchased = await listPurchasedEnvolvements(buyer.id);
    const card = shown(createElement(OfferCard, { envolvement: purchased.items[0]!, receipt: true }));
    expect(card).toContain('€19.99');
    expect(card).toContain('Paid €19.99 to @maya on');
    const stranger = await createUser();
    const envolvement = (await getEnvolvementForViewer(id, stranger.id))!;
    const dialog = shown(
      createElement(OfferDialogBody, { envolvement, viewer: { viewerId: stranger.id, cardPayments: true } }),
    );
    expect(dialog).toContain('Pay €19.99');
    // The join bar's price is the page's own; its action comes with the viewer's parts.
    const page = shown(
      createElement(EnvolvementSummary, { envolvement, status: 'open', action: 'action', tools: null }),
    );
    expect(page).toContain('Price €19.99');
    expect(`${card}${dialog}${page}`).not.toContain('$');
  });

  it("shows the creator's members with what each paid", async () => {
    const { id } = await euroSale();
    // Its refund reads the page again once done: it needs the app's router.
    const list = createElement(MembersList, { envolvementId: id, initial: await memberPage(id), removed: false });
    const members = shown(withRouter(list));
    expect(members).toContain('€19.99');
    expect(members).not.toContain('$');
  });

  it('asks for a price in euros in the wizard, its preview and the landing carousel', async () => {
    const creator = await createUser();
    await connectCreator(creator.id);
    const selling = await sellingFor(creator.id);
    expect(selling).toMatchObject({ canSell: true, currency: 'eur' });
    const step = (price: number) =>
      shown(
        createElement(PricingStep, {
          state: { ...emptyWizard(), price },
          update: () => undefined,
          errors: {},
          touch: () => undefined,
          selling,
        }),
      );
    expect(step(0)).toContain('Price (EUR)');
    expect(step(0)).toContain('Leave empty for free, or ask from €0.50 to €10,000.00.');
    expect(step(12)).toContain('You receive €11.40 of each €12.00 sale (Envolve keeps 5%).');
    const creatorFace = { nickname: 'maya', picture: null };
    const preview = shown(
      createElement(WizardPreview, { state: { ...emptyWizard(), price: 12 }, creator: creatorFace, currency: 'eur' }),
    );
    expect(preview).toContain('€12.00');
    const carousel = shown(createElement(OfferCarousel, { slides: exampleSlides(siteCurrency()) }));
    expect(carousel).toContain('€49.99');
    expect(`${step(0)}${step(12)}${preview}${carousel}`).not.toContain('$');
  });
});

describe('a price out of range, in euros', () => {
  const TOO_LOW = 'A paid price must be at least €0.50';
  const TOO_HIGH = 'Price cannot be more than €10,000.00';
  const refusal = (message: string) => ({
    error: 'Please fix the errors before submitting',
    code: 'bad_request',
    fields: { 'price.price': message },
  });

  it('is refused on creation with the limits in the site currency, whatever the body says', async () => {
    const creator = await createUser();
    await connectCreator(creator.id);
    for (const [price, message] of [
      [0.49, TOO_LOW],
      [10000.01, TOO_HIGH],
    ] as const) {
      const res = await call('POST', '/api/post/new-base-envolvement', {
        as: creator,
        json: creationBody({ price: { price, free: false }, currency: 'usd' }),
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(refusal(message));
    }
    expect(await db().select().from(envolvements)).toEqual([]);
  });

  it('is refused on edit in the currency a new price is stored in, even where the old one was free', async () => {
    const creator = await createUser();
    await connectCreator(creator.id);
    // A free envolvement keeps the default currency, usd; a price set now would be in euros.
    const free = await createEnvolvement(creator.id);
    const paid = await createEnvolvement(creator.id, { priceCents: 1999, currency: 'eur' });
    expect(free.currency).toBe('usd');
    for (const row of [free, paid]) {
      for (const [price, message] of [
        [0.49, TOO_LOW],
        [10000.01, TOO_HIGH],
      ] as const) {
        const res = await call('PUT', `/api/post/${row.id}`, {
          as: creator,
          json: editBody({ price: { price, free: false }, currency: 'usd' }),
        });
        expect(res.status).toBe(400);
        expect(res.body).toEqual(refusal(message));
      }
      const [stored] = await db().select().from(envolvements).where(eq(envolvements.id, row.id));
      expect(stored).toEqual(row);
    }
  });

  it('is said the same way by the wizard and the edit form before anything is sent', async () => {
    const creator = await createUser();
    await connectCreator(creator.id);
    const selling = await sellingFor(creator.id);
    const tooLow = { ...emptyWizard(), price: 0.3 };
    const tooHigh = { ...emptyWizard(), price: 10001 };
    expect(nextHint(2, tooLow, selling.currency)).toBe('Add a price of at least €0.50 to continue.');
    expect(nextHint(2, tooHigh, selling.currency)).toBe('Add a price of at most €10,000.00 to continue.');
    expect(stepErrors(2, tooLow, selling.currency)).toEqual({ 'price.price': TOO_LOW });
    const step = shown(
      createElement(PricingStep, {
        state: tooHigh,
        update: () => undefined,
        errors: stepErrors(2, tooHigh, selling.currency),
        touch: () => undefined,
        selling,
      }),
    );
    expect(step).toContain(TOO_HIGH);

    const row = await createEnvolvement(creator.id, { priceCents: 1999, currency: 'eur' });
    const form = { ...initialEditForm((await getEnvolvementForViewer(row.id, creator.id))!), price: '0.49' };
    const checked = checkWith(editEnvolvementSchema(selling.currency), toEditBody(form));
    expect(checked).toEqual({ ok: false, error: TOO_LOW, fields: { 'price.price': TOO_LOW } });
    const fields = shown(
      createElement(EditOfferFields, {
        form,
        set: () => undefined,
        fields: checked.ok ? {} : checked.fields,
        selling,
        currency: selling.currency,
        wasPaid: true,
      }),
    );
    expect(fields).toContain('Price (EUR)');
    expect(fields).toContain(TOO_LOW);
    expect(`${step}${fields}`).not.toContain('$');
  });
});

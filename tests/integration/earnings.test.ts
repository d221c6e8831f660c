import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { feeRefundedCents } from '@/lib/domain/fees';
import { earningsEntries, paymentRefunds, payments } from '@/models';
import { useTestDatabase } from '../helpers/db';
import { call } from '../helpers/http';
import { deliver, handled, joinByCard, useFakeStripe } from '../helpers/payments';
import { createEnvolvement, createUser, type TestUser } from '../factories';

useTestDatabase();
const stripe = useFakeStripe();

/** The id as the earnings pages put it in the path: the part after the provider's '|'. */
const slugOf = (user: TestUser) => user.id.split('|')[1]!;

const earnings = (as: TestUser | null, id: string, days?: string) =>
  call('GET', `/api/earnings/${id}${days === undefined ? '' : `?days=${days}`}`, { as });
const exportCsv = (as: TestUser | null, id: string, days?: string) =>
  call('GET', `/api/earnings/${id}/export${days === undefined ? '' : `?days=${days}`}`, { as });

const today = () => new Date().toISOString().slice(0, 10);

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * A creator who sold two envolvements ($12.00 twice, $5.00 once) to three buyers; one
 * $12.00 sale refunded in full by the creator, the other partly ($3.00) from the dashboard.
 * Cy's name is an e-mail address, which the CSV shows no more than a page does.
 */
async function creatorWithSales() {
  const creator = await createUser({ nickname: 'maker' });
  const [ada, bob, cy] = [await createUser(), await createUser(), await createUser({ name: 'cy@example.com' })];
  const sketch = await createEnvolvement(creator.id, { title: 'Sketch', priceCents: 1200 });
  const formula = await createEnvolvement(creator.id, { title: '=1+2 call', priceCents: 500 });
  const adaPaid = await joinByCard(stripe(), ada, sketch.id);
  const bobPaid = await joinByCard(stripe(), bob, sketch.id);
  const cyPaid = await joinByCard(stripe(), cy, formula.id);

  expect((await call('POST', `/api/payment/refund/${bobPaid.purchase.id}`, { as: creator })).status).toBe(200);
  stripe().refund(adaPaid.intentId, 300);
  const dashboardRefund = stripe()
    .eventsFor(adaPaid.intentId)
    .filter((e) => e.type === 'charge.refunded');
  expect(await deliver(stripe(), dashboardRefund)).toEqual([handled('moved: partially_refunded')]);

  return {
    creator,
    buyers: { ada, bob, cy },
    envolvements: { sketch, formula },
    intents: { ada: adaPaid.intentId, bob: bobPaid.intentId, cy: cyPaid.intentId },
  };
}

/** The totals as the payments ledger gives them, without the earnings entries. */
async function totalsFromPayments() {
  const paid = (await db().select().from(payments)).filter((p) => p.paidAt !== null);
  const gross = sum(paid.map((p) => p.amountCents));
  const feeReturned = sum(
    paid.map((p) => feeRefundedCents(p.applicationFeeCents, p.amountCents, p.amountRefundedCents)),
  );
  const fees = sum(paid.map((p) => p.applicationFeeCents)) - feeReturned;
  const refunds = sum(paid.map((p) => p.amountRefundedCents));
  return { gross, fees, refunds, net: gross - fees - refunds, feeReturned };
}

describe('GET /api/earnings/{userId}', () => {
  it('totals the window’s sales, fees and refunds as the payments ledger records them', async () => {
    const { creator, envolvements, intents } = await creatorWithSales();
    const fromLedger = await totalsFromPayments();
    // The creator's refund recorded the fee it gave back; the dashboard one took its share.
    const appRefunds = await db().select().from(paymentRefunds);
    expect(appRefunds.map((r) => ({ payment: r.paymentId, fee: r.feeRefundedCents }))).toEqual([
      { payment: intents.bob, fee: 60 },
    ]);
    expect(fromLedger).toEqual({ gross: 2900, fees: 145 - 75, refunds: 1500, net: 1330, feeReturned: 75 });

    const res = await earnings(creator, slugOf(creator), '30');
    expect(res.status).toBe(200);
    expect(res.body.days).toBe(30);
    expect(res.body.to).toBe(today());
    expect(res.body.totals).toEqual([
      {
        currency: 'usd',
        grossCents: fromLedger.gross,
        feeCents: fromLedger.fees,
        refundCents: fromLedger.refunds,
        netCents: fromLedger.net,
        sales: 3,
        refunds: 2,
      },
    ]);

    // Per envolvement: the $12.00 one sold twice, gave back $12.00 and $3.00 with their fees.
    expect(res.body.envolvements).toEqual([
      {
        id: envolvements.sketch.id,
        title: 'Sketch',
        members: 1,
        sales: 2,
        refundedCents: 1500,
        netCents: 2400 - 120 - (1500 - 75),
        currency: 'usd',
      },
      {
        id: envolvements.formula.id,
        title: '=1+2 call',
        members: 1,
        sales: 1,
        refundedCents: 0,
        netCents: 500 - 25,
        currency: 'usd',
      },
    ]);
    const rows = res.body.envolvements as Array<{ netCents: number; refundedCents: number; sales: number }>;
    expect(sum(rows.map((r) => r.netCents))).toBe(fromLedger.net);
    expect(sum(rows.map((r) => r.refundedCents))).toBe(fromLedger.refunds);
    expect(sum(rows.map((r) => r.sales))).toBe(3);

    // Thirty days ending today; everything happened today, when three people joined.
    const daily = res.body.daily as Array<{ date: string; netCents: number; members: number }>;
    expect(daily).toHaveLength(30);
    expect(daily[0]!.date).toBe(res.body.from);
    expect(daily.at(-1)).toEqual({ date: today(), netCents: fromLedger.net, members: 3 });
    expect(daily.slice(0, -1).every((d) => d.netCents === 0 && d.members === 0)).toBe(true);
    expect(new Set(daily.map((d) => d.date)).size).toBe(30);
  });

  it('answers for 90 and 365 days, and for 30 when no window is given', async () => {
    const { creator } = await creatorWithSales();
    const { net } = await totalsFromPayments();
    for (const [days, expected] of [
      ['90', 90],
      ['365', 365],
      [undefined, 30],
    ] as const) {
      const res = await earnings(creator, slugOf(creator), days);
      expect(res.status).toBe(200);
      expect(res.body.days).toBe(expected);
      expect(res.body.daily).toHaveLength(expected);
      expect(res.body.totals[0].netCents).toBe(net);
      expect(res.body.daily.at(-1)).toMatchObject({ date: today(), netCents: net });
    }
  });

  it('gives zero totals in the site’s currency before the first sale', async () => {
    const creator = await createUser();
    const res = await earnings(creator, slugOf(creator));
    expect(res.status).toBe(200);
    expect(res.body.totals).toEqual([
      { currency: 'usd', grossCents: 0, feeCents: 0, refundCents: 0, netCents: 0, sales: 0, refunds: 0 },
    ]);
    expect(res.body.envolvements).toEqual([]);
  });

  it('accepts the whole user id in the path as well as the part after "|"', async () => {
    const creator = await createUser();
    expect((await earnings(creator, encodeURIComponent(creator.id))).status).toBe(200);
    expect((await earnings(creator, slugOf(creator))).status).toBe(200);
  });

  it('answers 400 for a window other than 30, 90 or 365 days', async () => {
    const creator = await createUser();
    for (const days of ['7', 'abc', '30.0', '-30']) {
      const json = await earnings(creator, slugOf(creator), days);
      expect(json.status).toBe(400);
      expect(json.body.code).toBe('bad_request');
      expect((await exportCsv(creator, slugOf(creator), days)).status).toBe(400);
    }
  });

  it('answers 401 signed out, and 403 to anyone but the creator, for the figures and the CSV alike', async () => {
    const { creator } = await creatorWithSales();
    const other = await createUser();
    const forbidden = { status: 403, body: { error: 'You can only see your own earnings.', code: 'forbidden' } };
    for (const read of [earnings, exportCsv]) {
      expect(await read(null, slugOf(creator))).toMatchObject({
        status: 401,
        body: { error: 'You must be signed in to do this.', code: 'unauthorized' },
      });
      expect(await read(other, slugOf(creator))).toMatchObject(forbidden);
      expect(await read(other, encodeURIComponent(creator.id))).toMatchObject(forbidden);
      expect(await read(creator, 'someone-made-up')).toMatchObject(forbidden);
      expect(await read(creator, slugOf(other))).toMatchObject(forbidden);
    }
  });

  it('leaves out entries older than the window', async () => {
    const creator = await createUser();
    const sketch = await createEnvolvement(creator.id, { title: 'Sketch', priceCents: 1200 });
    const formula = await createEnvolvement(creator.id, { title: 'Formula', priceCents: 500 });
    await joinByCard(stripe(), await createUser(), sketch.id);
    const old = await joinByCard(stripe(), await createUser(), formula.id);
    await db()
      .update(earningsEntries)
      .set({ occurredAt: sql`now() - interval '40 days'` })
      .where(eq(earningsEntries.paymentId, old.intentId));

    const month = await earnings(creator, slugOf(creator), '30');
    expect(month.body.totals[0]).toMatchObject({ grossCents: 1200, feeCents: 60, netCents: 1140, sales: 1 });
    expect(month.body.envolvements.map((e: { id: string }) => e.id)).toEqual([sketch.id]);
    const csvLines = ((await exportCsv(creator, slugOf(creator), '30')).body as string).trim().split(/\r?\n/);
    expect(csvLines).toHaveLength(2);
    expect(csvLines[1]).toContain('Sketch');

    const quarter = await earnings(creator, slugOf(creator), '90');
    expect(quarter.body.totals[0]).toMatchObject({ grossCents: 1700, feeCents: 85, netCents: 1615, sales: 2 });
    const daily = quarter.body.daily as Array<{ date: string; netCents: number }>;
    const fortyDaysAgo = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect(daily.find((d) => d.date === fortyDaysAgo)).toMatchObject({ netCents: 475 });
    expect(((await exportCsv(creator, slugOf(creator), '90')).body as string).trim().split(/\r?\n/)).toHaveLength(3);
  });
});

describe('GET /api/earnings/{userId}/export', () => {
  it('writes one CSV line per sale and refund, oldest first, with signed amounts and formulas as text', async () => {
    const { creator, buyers, intents } = await creatorWithSales();
    const res = await exportCsv(creator, slugOf(creator), '30');
    expect(res.status).toBe(200);
    expect(res.response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.response.headers.get('content-disposition')).toBe('attachment; filename="envolve-sales-30-days.csv"');

    const [header, ...lines] = (res.body as string).trim().split(/\r?\n/);
    expect(header).toBe('Date,Type,Envolvement,Buyer,Gross,Platform fee,Net,Currency,Payment');
    const entries = await db().select().from(earningsEntries);
    expect(lines).toHaveLength(entries.length);
    const cells = lines.map((line) => line.split(','));
    for (const [date] of cells) expect(date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(cells.map(([, ...rest]) => rest)).toEqual([
      ['Sale', 'Sketch', buyers.ada.name, '12.00', '0.60', '11.40', 'USD', intents.ada],
      ['Sale', 'Sketch', buyers.bob.name, '12.00', '0.60', '11.40', 'USD', intents.bob],
      ['Sale', "'=1+2 call", buyers.cy.nickname, '5.00', '0.25', '4.75', 'USD', intents.cy],
      ['Refund', 'Sketch', buyers.bob.name, '-12.00', '-0.60', '-11.40', 'USD', intents.bob],
      ['Refund', 'Sketch', buyers.ada.name, '-3.00', '-0.15', '-2.85', 'USD', intents.ada],
    ]);
    // The lines add up to the net the figures show.
    const net = sum(cells.map((c) => Math.round(Number(c[6]) * 100)));
    expect(net).toBe((await earnings(creator, slugOf(creator), '30')).body.totals[0].netCents);
  });

  it('has only the header when nothing was sold', async () => {
    const creator = await createUser();
    const res = await exportCsv(creator, slugOf(creator), '365');
    expect(res.status).toBe(200);
    expect((res.body as string).trim()).toBe('Date,Type,Envolvement,Buyer,Gross,Platform fee,Net,Currency,Payment');
  });
});

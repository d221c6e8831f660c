import { format } from 'date-fns';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { OfferCard } from '@/components/envolvement/offer-card';
import { endDateLine, OfferDialogBody } from '@/components/envolvement/offer-dialog';
import type { EnvolvementDto } from '@/lib/envolvements/types';
import { buildEnvolvementDto } from '../factories/envolvement-dto';
import { withRouter } from '../helpers/router';

// The one-click join reads the router, which the app mounts around every page.
vi.mock('next/navigation', () => ({
  useRouter: () => ({ refresh: () => undefined, push: () => undefined }),
  usePathname: () => '/explore',
}));

const now = new Date('2026-03-10T12:00:00Z');
const inDays = (d: number) => new Date(now.getTime() + d * 86_400_000).toISOString();

const offer = (overrides: Partial<EnvolvementDto> = {}) =>
  buildEnvolvementDto({ datePublished: inDays(-3), ...overrides });

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const dialog = (e: EnvolvementDto, viewerId: string | null, cardPayments = true, description: string | null = null) =>
  renderToStaticMarkup(
    withRouter(
      createElement(OfferDialogBody, { envolvement: e, description, viewer: { viewerId, cardPayments }, now }),
    ),
  );
const card = (e: EnvolvementDto, dialog = true, category?: EnvolvementDto['categories'][number], coverWidth?: number) =>
  renderToStaticMarkup(createElement(OfferCard, { envolvement: e, dialog, category, coverWidth }));
const srcsetOf = (html: string) => /srcSet="([^"]*)"/.exec(html)?.[1] ?? '';

describe('offer card', () => {
  it("shows 'Free', the title, preview, 'No Deadline', 'Unlimited' and the creator", () => {
    const html = text(card(offer()));
    for (const part of [
      'Free',
      'Portrait commission',
      'A hand-drawn portrait of you.',
      'No Deadline',
      'Unlimited',
      '@inesdraws',
    ]) {
      expect(html).toContain(part);
    }
  });

  it("shows a '$' price, whole days left and left/total spots", () => {
    const html = text(
      card(
        offer({
          priceCents: 499,
          price: { price: 4.99, free: false },
          endDate: { endDate: inDays(400), none: false },
          quantity: { quantity: 10, unlimited: false, currentEnvolves: 3 },
        }),
      ),
    );
    expect(html).toContain('$4.99');
    expect(html).toMatch(/\d+ Days/);
    expect(html).toContain('7 of 10 spots left');
  });

  it("marks a full offer 'Sold out', an ended one 'Ended' and a draft 'Draft', and an open one not at all", () => {
    const full = offer({ quantity: { quantity: 5, unlimited: false, currentEnvolves: 5 } });
    expect(card(full)).toMatch(/data-testid="offer-status"[^>]*>Sold out</);
    expect(card(full)).toMatch(/data-testid="spots"[^>]*>Sold out</);
    expect(card(offer({ endDate: { endDate: inDays(-400), none: false } }))).toMatch(/>Ended</);
    expect(card(offer({ active: false, isActive: false }))).toMatch(/data-testid="offer-status"[^>]*>Draft</);
    expect(card(offer())).not.toContain('offer-status');
  });

  it("names the row's category in a category row, else the offer's first, and paints a placeholder from it", () => {
    expect(card(offer(), true, 'Tutorials')).toMatch(/>Tutorials<\/span>/);
    expect(card(offer(), true, 'Tutorials')).not.toMatch(/>Art<\/span>/);
    expect(card(offer())).toMatch(/>Art<\/span>/);
    expect(card(offer())).toContain('data-testid="cover-placeholder"');
    expect(card(offer())).not.toContain('No image available');
  });

  it('draws the cover of a card in a category row at its width and twice it, and a grid card at every width', () => {
    const uploaded = offer({ imgUrl: '/uploads/covers/8d3c1f7e-2b4a-4c5d-9e6f-0a1b2c3d4e5f.jpg' });
    const inRow = srcsetOf(card(uploaded, true, 'Art', 320));
    expect(inRow).toMatch(/^\S+w=384&amp;q=75 1x, \S+w=640&amp;q=75 2x$/);
    const inGrid = srcsetOf(card(uploaded));
    expect(inGrid.split(', ').length).toBeGreaterThan(4);
    expect(inGrid).toMatch(/ \d+w$/);
  });

  // Explore's first view repeats the card for twelve offers in each category: its styles are
  // named once in the stylesheet, and its icons drawn by CSS, so that each copy stays small.
  it('keeps the markup of a card small', () => {
    const typical = offer({
      priceCents: 1250,
      price: { price: 12.5, free: false },
      previewText: 'A hand-drawn portrait of you, in ink and watercolour, sent as a file within two weeks.',
      imgUrl: '/uploads/covers/8d3c1f7e-2b4a-4c5d-9e6f-0a1b2c3d4e5f.jpg',
      endDate: { endDate: inDays(20), none: false },
      quantity: { quantity: 10, unlimited: false, currentEnvolves: 3 },
    });
    expect(Buffer.byteLength(card(typical, true, 'Art', 320))).toBeLessThan(1_900);
  });

  it('is a link to the detail page named by the title, marked for the dialog where a page opens one', () => {
    const link = (html: string) => /<a class="offer-card-open"[^>]*>Portrait commission<\/a>/.exec(html)?.[0] ?? '';
    expect(link(card(offer()))).toContain('href="/envolvement/0b0e6c1e-4a57-4c43-9d7c-2f4a1c9a0001"');
    expect(link(card(offer()))).toContain('data-offer-dialog="0b0e6c1e-4a57-4c43-9d7c-2f4a1c9a0001"');
    expect(link(card(offer(), false))).toContain('href="/envolvement/0b0e6c1e-4a57-4c43-9d7c-2f4a1c9a0001"');
    expect(link(card(offer(), false))).not.toContain('data-offer-dialog');
    expect(card(offer())).not.toContain('<button');
  });

  it("links the creator's name to their profile, and a deleted member's to nothing", () => {
    expect(card(offer())).toMatch(/<a class="offer-card-creator" href="\/@inesdraws">@inesdraws<\/a>/);
    expect(card(offer({ userID: 'deleted|0b0e6c1e-4a57-4c43-9d7c-2f4a1c9a0009', username: '' }))).not.toContain(
      'offer-card-creator',
    );
  });
});

describe('offer dialog', () => {
  it('falls back to the preview text without a description, and shows categories, spots, price and the creator link', () => {
    const html = dialog(offer(), 'local|viewer');
    expect(text(html)).toContain('A hand-drawn portrait of you.');
    expect(text(html)).toContain('Art');
    expect(text(html)).toContain('Tutorials');
    expect(html).toContain('href="/@inesdraws"');
    expect(html).toContain('href="/envolvement/0b0e6c1e-4a57-4c43-9d7c-2f4a1c9a0001"');
    expect(text(html)).toContain('View Details');
  });

  it('shows the preview text until the description has been read, then the description', () => {
    const waiting = text(dialog(offer({ previewText: 'A short pitch.' }), null));
    expect(waiting).toContain('A short pitch.');
    const read = text(dialog(offer({ previewText: 'A short pitch.' }), null, true, 'Full details here.'));
    expect(read).toContain('Full details here.');
    expect(read).not.toContain('A short pitch.');
  });

  it("offers 'Join for Free' in one click, or 'Pay {price}' as a link to checkout", () => {
    expect(dialog(offer(), 'local|viewer')).toMatch(
      /<button type="button"[^>]*data-testid="join-free"[^>]*>Join for Free<\/button>/,
    );
    expect(dialog(offer({ priceCents: 2999, price: { price: 29.99, free: false } }), 'local|viewer')).toMatch(
      /<a [^>]*href="\/payment\/[^"]+"[^>]*>Pay \$29\.99<\/a>/,
    );
  });

  it("shows a disabled 'This is your Envolvement' to the creator and 'Already Joined' to a buyer", () => {
    expect(dialog(offer(), 'local|creator-1')).toMatch(
      /<button[^>]*disabled=""[^>]*>This is your Envolvement<\/button>/,
    );
    expect(dialog(offer({ purchasedBy: ['local|viewer'] }), 'local|viewer')).toMatch(
      /<button[^>]*disabled=""[^>]*>Already Joined<\/button>/,
    );
    expect(dialog(offer(), 'local|creator-1')).not.toContain('/payment/');
  });
});

describe('offer dialog for visitors and closed offers', () => {
  it("asks a visitor to sign in and come back to this offer's checkout", () => {
    expect(dialog(offer(), null)).toMatch(
      /<a [^>]*href="\/login\?callbackUrl=%2Fpayment%2F0b0e6c1e-4a57-4c43-9d7c-2f4a1c9a0001"[^>]*>Sign in to join<\/a>/,
    );
  });

  it('disables the action of a sold-out offer for a visitor and says why, tied to the button', () => {
    const html = dialog(offer({ quantity: { quantity: 1, unlimited: false, currentEnvolves: 1 } }), null);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-describedby="([^"]+)"[^>]*>Sold out<\/button>/);
    const id = /aria-describedby="([^"]+)"/.exec(html)![1];
    expect(html).toContain(`<p id="${id}"`);
    expect(text(html)).toContain('Every spot has been taken.');
    expect(html).not.toContain('/payment/');
  });

  it('does not offer to pay on a site without card payments', () => {
    const paid = offer({ priceCents: 2999, price: { price: 29.99, free: false } });
    const html = dialog(paid, 'local|viewer', false);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Pay \$29\.99<\/button>/);
    expect(text(html)).toContain('Card payments are not available on this site yet.');
  });
});

describe('end date line', () => {
  // The calendar date is shown in the viewer's time zone, like every date of the app.
  const day = (iso: string) => format(new Date(iso), 'MMM d, yyyy');
  it('says when the offer ends', () => {
    expect(endDateLine({ endDate: null, none: true }, now)).toBe('No Deadline');
    for (const [iso, words] of [
      [inDays(3), 'Ends in 3 days'],
      [inDays(1.1), 'Ends in 1 day'],
      [inDays(0.2), 'Ends today'],
      [inDays(-9), 'Ended'],
    ] as const) {
      expect(endDateLine({ endDate: iso, none: false }, now)).toBe(`${words} · ${day(iso)}`);
    }
  });
});

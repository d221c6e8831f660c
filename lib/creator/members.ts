import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Viewer } from '@/lib/auth/types';
import { db } from '@/lib/db/client';
import { userCardColumns } from '@/lib/users/columns';
import { AppError } from '@/lib/http/errors';
import { markForRefund } from '@/lib/payments/ledger';
import { grantsAccess } from '@/lib/domain/ledger-rules';
import { executeRefund } from '@/lib/payments/refunds';
import { payments, purchases, users } from '@/models';
import type { PaymentStatus } from '@/lib/domain/payment-status';
import { publicName } from '@/lib/domain/public-name';
import { decodeCursor, pageWindow } from '@/lib/paging/cursor';
import { getOwnEnvolvementOrThrow } from '@/lib/envolvements/service';
import type { MemberDto, MemberPage } from '@/lib/envolvements/types';

export const MEMBERS_PAGE_SIZE = 50;

const columns = {
  purchase: purchases,
  user: userCardColumns,
  payment: {
    status: payments.status,
    amountRefundedCents: payments.amountRefundedCents,
    refundReason: payments.refundReason,
  },
};

type Found = {
  purchase: typeof purchases.$inferSelect;
  user: { id: string; nickname: string; name: string; picture: string | null };
  payment: { status: PaymentStatus; amountRefundedCents: number; refundReason: string | null } | null;
};

function toMemberDto({ purchase, user, payment }: Found): MemberDto {
  return {
    purchaseId: purchase.id,
    userID: user.id,
    username: publicName(user),
    userPicture: user.picture,
    joinedAt: purchase.createdAt.toISOString(),
    amountCents: purchase.amountCents,
    amountRefundedCents: payment?.amountRefundedCents ?? 0,
    currency: purchase.currency,
    paymentStatus: payment?.status ?? null,
    endReason: purchase.endReason,
    refundable: Boolean(payment && grantsAccess(payment.status) && purchase.endedAt === null),
  };
}

/** Everyone who joined, newest first, refunded members included: the creator's record. */
export async function listMembers(viewer: Viewer, envolvementId: string, cursor?: string | null): Promise<MemberPage> {
  await getOwnEnvolvementOrThrow(viewer, envolvementId, 'see the members of');
  return memberPage(envolvementId, cursor);
}

/** A page of members, for a caller that has checked the viewer created the envolvement. */
export async function memberPage(envolvementId: string, cursor?: string | null): Promise<MemberPage> {
  const after = cursor ? decodeCursor(cursor) : null;
  const found = await db()
    .select(columns)
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .leftJoin(payments, eq(payments.id, purchases.paymentIntentId))
    .where(
      and(
        eq(purchases.envolvementId, envolvementId),
        // Compared with the cursor row's own timestamp: the cursor's is cut to milliseconds,
        // which skipped members who joined earlier within that same millisecond.
        after
          ? sql`(${purchases.createdAt}, ${purchases.id}) < (select c.created_at, c.id from ${purchases} c where c.id = ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(purchases.createdAt), desc(purchases.id))
    .limit(MEMBERS_PAGE_SIZE + 1);
  const { rows, nextCursor } = pageWindow(found, MEMBERS_PAGE_SIZE, (row) => row.purchase);
  return { items: rows.map(toMemberDto), nextCursor };
}

export const MEMBER_NOT_FOUND = 'Member not found';

async function findMember(purchaseId: string): Promise<Found | null> {
  const [found] = await db()
    .select(columns)
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .leftJoin(payments, eq(payments.id, purchases.paymentIntentId))
    .where(eq(purchases.id, purchaseId))
    .limit(1);
  return found ?? null;
}

/**
 * The creator refunds one member in full: the member loses access and the refund is
 * recorded with who asked. Refused for free members, ended memberships and payments
 * under dispute (Stripe settles those through the dispute).
 */
export async function refundMember(viewer: Viewer, purchaseId: string): Promise<MemberDto> {
  const found = await findMember(purchaseId);
  if (!found) throw new AppError('not_found', MEMBER_NOT_FOUND);
  await getOwnEnvolvementOrThrow(viewer, found.purchase.envolvementId, 'refund members of');
  const { purchase, payment } = found;
  if (!purchase.paymentIntentId || !payment)
    throw new AppError('conflict', 'This member joined for free: there is nothing to refund.');
  if (purchase.endedAt || payment.status === 'refunded')
    throw new AppError('conflict', 'This member has already been refunded.');
  if (payment.status === 'disputed')
    throw new AppError('conflict', 'This payment is disputed: Stripe settles it through the dispute.');
  if (!grantsAccess(payment.status)) throw new AppError('conflict', 'This payment cannot be refunded.');
  const marked = await markForRefund(purchase.paymentIntentId, 'creator', viewer.id);
  if (marked) await executeRefund(marked);
  return toMemberDto((await findMember(purchaseId))!);
}

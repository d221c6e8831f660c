import 'server-only';
import { and, asc, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { db } from '@/lib/db/client';
import { EXPORT_LIFETIME_DAYS, type DataExportStatus } from '@/lib/domain/accounts';
import { formatDay } from '@/lib/domain/dates';
import { AppError } from '@/lib/http/errors';
import { logError } from '@/lib/log';
import { queueAccountMail, siteLink } from '@/lib/users/account-mail';
import { dataExports, users } from '@/models';
import { buildDataExport } from './export-data';

// "Download my data": a request writes a pending row, the data-export job (lib/jobs/exports.ts)
// builds the file into it and mails its owner, and the file can be downloaded by its owner
// until it expires, after which the job deletes it.

/** What the account page and the API say of an export. */
export type DataExportDto = {
  id: string;
  status: DataExportStatus;
  createdAt: string;
  readyAt: string | null;
  expiresAt: string | null;
  /** Where a ready one is downloaded. */
  downloadUrl: string | null;
};

/** Where the account page shows the exports; the ready mail links here. */
export const DATA_EXPORT_PAGE = '/account#data';

export const EXPORT_NOT_FOUND = 'This download is not available. It may have expired: ask for a new one.';

export const exportDownloadPath = (id: string) => `/api/account/export/${id}`;

const summaryColumns = {
  id: dataExports.id,
  status: dataExports.status,
  createdAt: dataExports.createdAt,
  readyAt: dataExports.readyAt,
  expiresAt: dataExports.expiresAt,
};

type Summary = { id: string; status: DataExportStatus; createdAt: Date; readyAt: Date | null; expiresAt: Date | null };

function toDto(row: Summary): DataExportDto {
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadUrl: row.status === 'ready' ? exportDownloadPath(row.id) : null,
  };
}

// A ready export past its expiry is gone for its owner, whether or not the job has deleted it yet.
const notExpired = or(isNull(dataExports.expiresAt), gt(dataExports.expiresAt, sql`now()`));

/** The account's latest export that still counts (being prepared, ready, or failed), or null. */
export async function getLatestExport(userId: string): Promise<DataExportDto | null> {
  const [row] = await db()
    .select(summaryColumns)
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), notExpired))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  return row ? toDto(row) : null;
}

/**
 * Asks for a new export. While one is being prepared, asking again gives that one: the
 * job builds each once, and a second would hold the same data.
 */
export async function requestDataExport(userId: string): Promise<DataExportDto> {
  const [pending] = await db()
    .select(summaryColumns)
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'pending')))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  if (pending) return toDto(pending);
  const [row] = await db().insert(dataExports).values({ userId }).returning(summaryColumns);
  return toDto(row!);
}

/** A ready export's file, for its owner only; 404 for anyone else's, an unknown id, or one expired. */
export async function getExportFile(userId: string, id: string): Promise<{ content: string; createdAt: Date }> {
  const [row] = await db()
    .select({ content: dataExports.content, createdAt: dataExports.createdAt })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.id, id),
        eq(dataExports.userId, userId),
        eq(dataExports.status, 'ready'),
        gt(dataExports.expiresAt, sql`now()`),
      ),
    );
  if (!row?.content) throw new AppError('not_found', EXPORT_NOT_FOUND);
  return { content: row.content, createdAt: row.createdAt };
}

/** Whether an export waits to be built (the job's cheap check between its runs). */
export async function hasPendingExport(): Promise<boolean> {
  const [row] = await db()
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(eq(dataExports.status, 'pending'))
    .limit(1);
  return Boolean(row);
}

type Reader = Pick<ReturnType<typeof db>, 'select'>;

/**
 * Who the ready mail goes to: a confirmed address only, since an account someone opened
 * with another person's address must not mail that person. The page shows the export either way.
 */
async function mailedOwner(userId: string, executor: Reader = db()): Promise<{ name: string; email: string } | null> {
  const [owner] = await executor
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.email), isNotNull(users.emailVerifiedAt)));
  return owner?.email ? { name: owner.name, email: owner.email } : null;
}

/** The address the ready mail will go to, or null when none will. */
export async function getExportMailAddress(userId: string): Promise<string | null> {
  return (await mailedOwner(userId))?.email ?? null;
}

/**
 * Marks an export built and queues its mail, in one transaction. Only a pending one: of
 * two runs that built the same export, one finishes it and one mail goes out.
 */
async function finishExport(id: string, userId: string, content: string): Promise<void> {
  await db().transaction(async (tx) => {
    const [done] = await tx
      .update(dataExports)
      .set({
        status: 'ready',
        content,
        readyAt: sql`now()`,
        expiresAt: sql`now() + make_interval(days => ${EXPORT_LIFETIME_DAYS})`,
      })
      .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')))
      .returning({ expiresAt: dataExports.expiresAt });
    if (!done?.expiresAt) return;
    const owner = await mailedOwner(userId, tx);
    if (!owner) return;
    await queueAccountMail(
      owner.email,
      {
        kind: 'export_ready',
        payload: { name: owner.name, url: siteLink(DATA_EXPORT_PAGE), expires: formatDay(done.expiresAt) },
      },
      userId,
      tx,
    );
  });
}

export type ExportReport = { built: number; failed: number };

/**
 * Builds the exports waiting, oldest first, until none is left or `signal` says stop. One
 * that fails is marked failed (its owner sees it and may ask again) rather than retried
 * for ever.
 */
export async function buildPendingExports(options: { signal?: AbortSignal } = {}): Promise<ExportReport> {
  const report: ExportReport = { built: 0, failed: 0 };
  const tried = new Set<string>();
  while (!options.signal?.aborted) {
    const [next] = await db()
      .select({ id: dataExports.id, userId: dataExports.userId })
      .from(dataExports)
      .where(eq(dataExports.status, 'pending'))
      .orderBy(asc(dataExports.createdAt))
      .limit(1);
    if (!next || tried.has(next.id)) break;
    tried.add(next.id);
    try {
      const content = await buildDataExport(next.userId);
      // The account went meanwhile: its exports went with it.
      if (content === null) continue;
      await finishExport(next.id, next.userId, content);
      report.built += 1;
    } catch (error) {
      logError('account.export', error, { exportId: next.id });
      await db()
        .update(dataExports)
        .set({ status: 'failed' })
        .where(and(eq(dataExports.id, next.id), eq(dataExports.status, 'pending')));
      report.failed += 1;
    }
  }
  return report;
}

/** Deletes expired exports, and failed ones as old as an export's lifetime; gives how many. */
export async function deleteExpiredExports(): Promise<number> {
  const gone = await db()
    .delete(dataExports)
    .where(
      or(
        lte(dataExports.expiresAt, sql`now()`),
        and(
          eq(dataExports.status, 'failed'),
          lte(dataExports.createdAt, sql`now() - make_interval(days => ${EXPORT_LIFETIME_DAYS})`),
        ),
      ),
    )
    .returning({ id: dataExports.id });
  return gone.length;
}

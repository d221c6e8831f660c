// What the benchmark reads on a seeded database: the category it filters by, and whose pages
// it opens (the most prolific creators, and an envolvement with something on every tab).
import type pg from 'pg';

export const MEASURED_CATEGORY = 'Art';

export type Fixtures = {
  creatorHandle: string;
  creatorId: string;
  creatorRows: number;
  detailId: string;
  detailCreatorId: string;
  /** Every creator with a published envolvement, the most prolific first. */
  creators: string[];
  /** Each of those creators' handle, by their id. */
  handles: Record<string, string>;
};

/** A profile at its canonical address, `/@handle`: the page itself, not a redirect to it. */
export const profileOf = (fixtures: Pick<Fixtures, 'handles'>, userId: string) => `/@${fixtures.handles[userId]}`;

export async function findFixtures(client: pg.Client): Promise<Fixtures> {
  const top = await client.query<{ creator_id: string; nickname: string; n: string }>(
    `select e.creator_id, u.nickname, count(*) as n from envolvements e join users u on u.id = e.creator_id
     where e.is_active and e.archived_at is null
     group by e.creator_id, u.nickname order by n desc, e.creator_id`,
  );
  // A detail page with something on every tab: the most joined published envolvement with updates.
  const detail = await client.query<{ id: string; creator_id: string }>(
    `select e.id, e.creator_id from envolvements e
     where e.is_active and e.archived_at is null and exists (select 1 from posts p where p.envolvement_id = e.id)
     order by e.current_count desc, e.created_at desc limit 1`,
  );
  const creatorId = top.rows[0]!.creator_id;
  return {
    creatorId,
    creatorHandle: top.rows[0]!.nickname,
    creatorRows: Number(top.rows[0]!.n),
    detailId: detail.rows[0]!.id,
    detailCreatorId: detail.rows[0]!.creator_id,
    creators: top.rows.map((row) => row.creator_id),
    handles: Object.fromEntries(top.rows.map((row) => [row.creator_id, row.nickname])),
  };
}

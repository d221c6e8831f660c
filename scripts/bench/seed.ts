// Seeds the benchmark database straight with SQL: every row is made by the server from
// generate_series, through plain INSERTs on the app's own tables, so any trigger or
// constraint the schema adds later applies to them as to the app's writes.
import type pg from 'pg';
import { CATEGORIES } from '@/lib/domain/categories';
import { FIRST_NAMES, LAST_NAMES, WORDS } from './words';

export type SeedSize = { rows: number; creators: number; members: number };

/** 2,000 creators for 100,000 rows (at least 20), and an audience of one member per 20 rows. */
export function seedSize(rows: number): SeedSize {
  return { rows, creators: Math.max(20, Math.round(rows / 50)), members: Math.max(50, Math.round(rows / 20)) };
}

export const memberId = (n: number) => `local|bench-member-${n}`;

// A text of `n` words; early words are picked more often (u^1.6 leans towards 0).
const TEXT_FUNCTION = `
  create function pg_temp.bench_text(words text[], n int) returns text language sql volatile as $$
    select string_agg(words[1 + floor(power(random(), 1.6) * cardinality(words))::int], ' ')
    from generate_series(1, n)
  $$`;

const USERS = `
  insert into users (id, email, email_verified_at, name, nickname)
  select 'local|bench-' || kind || '-' || i,
         kind || '-' || i || '@bench.envolve.test',
         now(),
         ($1::text[])[1 + i % cardinality($1::text[])] || ' ' || ($2::text[])[1 + (i / 7) % cardinality($2::text[])],
         lower(($1::text[])[1 + i % cardinality($1::text[])]) || '_' || kind || i
  from (select 'creator' as kind, i from generate_series(1, $3::int) i
        union all
        select 'member', i from generate_series(1, $4::int) i) u`;

// Every decision about a row, drawn once, so envolvements, payments, purchases and updates agree.
// Creators: index 1 + C·u² makes a few creators own many rows (the first about 1/√C of them).
// Buyers: a quarter of the rows have 1 to 3, 0.4 a row on average.
const PLAN = `
  create temp table bench_plan as
  select k, id, creator, categories, price_cents, buyers, created_at, r_state, r_end,
         unlimited, case when unlimited then 0 else greatest(buyers, 10 + floor(r_spots * 490)::int) end as quantity
  from (
    select k, gen_random_uuid() as id,
           1 + floor($2::int * power(random(), 2))::int as creator,
           (select array_agg(($3::text[])[1 + (first + j * step) % cardinality($3::text[])])
              from generate_series(0, count - 1) j) as categories,
           case when r_price < 0.6 then 0 else 500 + 100 * floor(r_price * 1000)::int % 4600 end as price_cents,
           case when random() < 0.25 then 1 + floor(3 * power(random(), 2))::int else 0 end as buyers,
           now() - interval '365 days' * (($1::int - k)::float8 / $1::int) - random() * interval '1 second' as created_at,
           random() < 0.5 as unlimited, r_spots, r_state, r_end
    from (select k, floor(random() * 11)::int as first, 1 + floor(random() * 3)::int as count,
                 1 + floor(random() * 10)::int as step, random() as r_price, random() as r_spots,
                 random() as r_state, random() as r_end
          from generate_series(1, $1::int) k) drawn
  ) planned`;

// 5% drafts, 1% removed, 5% ended, 20% ending within three months; covers from public/demo.
const ENVOLVEMENTS = `
  insert into envolvements (id, creator_id, title, preview_text, description, img_url, categories,
    price_cents, quantity, unlimited, current_count, end_date, is_active, comments_allowed,
    submissions_allowed, submissions_active, submission_text, archived_at, created_at, updated_at)
  select id, 'local|bench-creator-' || creator,
         initcap(pg_temp.bench_text($1, 3 + k % 4)),
         pg_temp.bench_text($1, 10 + k % 11),
         pg_temp.bench_text($1, 30 + k % 51),
         '/demo/' || case when categories[1] = 'Q&A' then 'qa' else lower(categories[1]) end || '.svg',
         categories, price_cents, quantity, unlimited, buyers,
         case when r_end < 0.05 then now() - interval '1 day' * (1 + k % 30)
              when r_end < 0.25 then now() + interval '1 day' * (1 + k % 90) end,
         r_state >= 0.05, k % 2 = 0, k % 4 = 0, k % 4 = 0, k % 4 = 0,
         case when r_state >= 0.05 and r_state < 0.06 then created_at + interval '1 day' end,
         created_at, created_at
  from bench_plan`;

// Members never buy their own: buyers come from the audience, creators from their own pool.
const BUYS = `
  create temp table bench_buys as
  select p.id as envolvement_id, p.price_cents, 'pi_bench_' || p.k || '_' || j as intent_id,
         'local|bench-member-' || (1 + (p.k * 7919 + j) % $1::int) as user_id,
         p.created_at + interval '1 hour' * j as created_at
  from bench_plan p cross join lateral generate_series(1, p.buyers) j`;

const PAYMENTS = `
  insert into payments (id, envolvement_id, buyer_id, amount_cents, currency, status, created_at, updated_at)
  select intent_id, envolvement_id, user_id, price_cents, 'usd', 'succeeded', created_at, created_at
  from bench_buys where price_cents > 0`;

const PURCHASES = `
  insert into purchases (envolvement_id, user_id, amount_cents, currency, payment_intent_id, created_at)
  select envolvement_id, user_id, price_cents, 'usd', case when price_cents > 0 then intent_id end, created_at
  from bench_buys`;

const UPDATES = `
  insert into posts (envolvement_id, author_id, kind, title, description, created_at)
  select id, 'local|bench-creator-' || creator, 'update', initcap(pg_temp.bench_text($1, 3 + k % 3)),
         pg_temp.bench_text($1, 15 + k % 26), created_at + interval '2 days'
  from bench_plan where random() < 0.1`;

/** Seeds `size.rows` envolvements with their creators, members, payments, purchases and updates. */
export async function seedBenchData(client: pg.Client, size: SeedSize): Promise<void> {
  await client.query('begin');
  try {
    await client.query('select setseed(0.42)');
    // Trigram indexes take new rows in a pending list; a larger one is merged in fewer, bigger passes.
    await client.query("set local gin_pending_list_limit = '256MB'");
    await client.query("set local work_mem = '256MB'");
    await client.query(TEXT_FUNCTION);
    await client.query(USERS, [FIRST_NAMES, LAST_NAMES, size.creators, size.members]);
    await client.query(PLAN, [size.rows, size.creators, CATEGORIES]);
    await client.query(ENVOLVEMENTS, [WORDS]);
    await client.query(BUYS, [size.members]);
    await client.query(PAYMENTS);
    await client.query(PURCHASES);
    await client.query(UPDATES, [WORDS]);
    await client.query('drop table bench_plan, bench_buys');
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  // As a live database's autovacuum would leave it: the planner's statistics made, and the GIN
  // indexes' pending lists merged (a search would otherwise read them whole).
  await client.query('vacuum analyze');
}

// The requests the fuzz sends: bodies, path ids, queries, headers and callers.
import fc from 'fast-check';
import {
  badCharacter,
  LONG,
  nastyNumber,
  nastyString,
  nastyValue,
  Ref,
  ref,
  REF_NAMES,
  withBadCharacter,
  type RefName,
} from './values';
import { ROLES, type Role } from './world';

const WRONG_CONTENT_TYPES = [
  ...['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data'],
  ...['multipart/form-data; boundary=fuzz', 'application/jsonx', '*/*', '', null],
];

// Mostly JSON, so that most cases reach the checks of the body itself.
export const contentType: fc.Arbitrary<string | null> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'application/json',
      'application/json',
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(...WRONG_CONTENT_TYPES) },
);

const MALFORMED_BODIES = [
  ...[
    '{',
    '}',
    '{"',
    '[',
    'nul',
    '{"title":}',
    '{"title":"a",}',
    "{'title':'a'}",
    '{"title":NaN}',
    '{"price":{"price":Infinity}}',
  ],
  ...[
    'NaN',
    '\u0000',
    '{"a":1}garbage',
    '\ufeff{}',
    '{"title":"\\ud800"}',
    '{"title":"\\u0000"}',
    '{"__proto__":{"isAdmin":true}}',
  ],
  'title=a&previewText=b&categories=Art',
  '--fuzz\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--fuzz--',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"title":"${'a'.repeat(LONG)}"}`,
  'x'.repeat(1024 * 1024 + 1),
];

export type BodySpec =
  | { kind: 'none' }
  | { kind: 'valid' }
  | { kind: 'raw'; text: string | Buffer; contentType: string | null }
  | { kind: 'value'; value: unknown; contentType: string | null }
  | { kind: 'mutate'; at: number; action: MutateAction; value: unknown; contentType: string | null };

/** What is done to a field: 'append' picks among text fields, 'edge' among dates and numbers. */
export type MutateAction = 'set' | 'delete' | 'append' | 'edge' | 'wrap';

const mutation = {
  kind: fc.constant('mutate' as const),
  at: fc.nat(),
  action: fc.constantFrom('set', 'set', 'set', 'delete', 'append', 'edge', 'wrap') as fc.Arbitrary<MutateAction>,
  value: nastyValue,
};

/**
 * The route's valid JSON body with one field broken: by a bad character set in it or added
 * to its end (which keeps a link or an e-mail otherwise well formed), by a date or number
 * at the edge of its range in a field that holds one ('edge'), or by a value of any kind.
 */
export const brokenField: fc.Arbitrary<BodySpec> = fc.record({
  ...mutation,
  action: fc.constantFrom(
    'set',
    'set',
    'append',
    'append',
    'edge',
    'edge',
    'delete',
    'wrap',
  ) as fc.Arbitrary<MutateAction>,
  value: fc.oneof(
    { weight: 3, arbitrary: fc.oneof(badCharacter, withBadCharacter) },
    { weight: 2, arbitrary: nastyValue },
  ),
  contentType: fc.constant('application/json'),
});

export const body: fc.Arbitrary<BodySpec> = fc.oneof(
  // The route's valid body with one field broken: reaches the checks past the first.
  { weight: 8, arbitrary: fc.record({ ...mutation, contentType }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('value' as const), value: nastyValue, contentType }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('raw' as const),
      text: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...MALFORMED_BODIES) },
        { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
      ),
      contentType,
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
);

// What a path parameter usually names, so that most cases get past the lookup to the
// checks behind it; any other seeded id still comes up now and then.
// Path parameters named for what they hold, whatever the route.
const REFS_BY_PARAM: Record<string, RefName[]> = { postId: ['update'], commentId: ['comment'] };

const LIKELY_REFS: Array<[RegExp, RefName[]]> = [
  [/^notifications\/\[id\]/, ['notification']],
  [
    /^(user_profile_info|auth0_user_search|profile)\//,
    ['ownerId', 'memberId', 'strangerId', 'ownerSlug', 'memberSlug'],
  ],
  [/\[paymentIntentId\]/, ['payment']],
  [/\[purchaseId\]/, ['paidPurchase', 'freePurchase']],
  [/\[id\]/, ['free', 'paid']],
];

export function likelyRefs(routeKey: string, param = ''): readonly RefName[] {
  return REFS_BY_PARAM[param] ?? LIKELY_REFS.find(([pattern]) => pattern.test(routeKey))?.[1] ?? REF_NAMES;
}

/** Ids in the path: what is seeded, unknown ids, and ids that are not ids at all. */
export function pathParam(routeKey: string, param: string): fc.Arbitrary<string | Ref> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...likelyRefs(routeKey, param)).map((name) => new Ref(name)) },
    { weight: 1, arbitrary: ref },
    { weight: 4, arbitrary: nastyString },
    { weight: 1, arbitrary: fc.uuid() },
  );
}

const base64url = (text: string) => Buffer.from(text).toString('base64url');

// Opaque tokens that decode to something plausible and wrong.
const cursor = fc
  .tuple(
    fc.constantFrom(
      '2030-01-01T00:00:00.000Z',
      '+275760-09-13T00:00:00.000Z',
      '-000001-01-01T00:00:00.000Z',
      '0000-01-01',
      'garbage',
      '',
    ),
    fc.oneof(fc.constantFrom('------------------------------------', 'gggggggg', '\u0000', ''), fc.uuid()),
  )
  .map(([at, id]) => base64url(`${at}|${id}`));

const QUERY_NAMES = ['q', 'username', 'limit', 'cursor', 'category', 'id', 'page'];

export type QuerySpec = { kind: 'pairs'; pairs: Array<[string, string | Ref]> } | { kind: 'raw'; text: string };

export const query: fc.Arbitrary<QuerySpec> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('pairs' as const),
      pairs: fc.array(
        fc.tuple(
          fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...QUERY_NAMES) }, { weight: 1, arbitrary: nastyString }),
          fc.oneof(
            { weight: 5, arbitrary: nastyString },
            { weight: 2, arbitrary: nastyNumber.map(String) },
            { weight: 2, arbitrary: cursor },
            { weight: 1, arbitrary: ref },
            { weight: 1, arbitrary: fc.constantFrom('Art', 'Gaming', 'abc', 'user') },
          ),
        ),
        { maxLength: 4 },
      ),
    }),
  },
  {
    // Written into the URL as it is: broken escapes, repeated keys.
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('raw' as const),
      text: fc.constantFrom(
        'q=%',
        'q=%E0%A4%A',
        'q=%00abc',
        'username=%00%00%00',
        'username=%ED%A0%80abc',
        'limit=-1',
        'limit=1e999',
        'limit=NaN',
        'limit=1&limit=x',
        'cursor=%FF%FE',
        'category=&category=Art',
        `q=${'a'.repeat(5000)}`,
        '&&&=&=',
      ),
    }),
  },
);

/** Sometimes a cross-site caller, or headers that look like one. */
export const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 15, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://localhost:3000' },
      { origin: '%%%' },
      { 'sec-fetch-site': 'cross-site' },
      { 'x-forwarded-for': 'not-an-ip, 999.1.1.1' },
    ),
  },
);

/** The caller the case runs as: mostly the three seeded users, who get furthest. */
export const role: fc.Arbitrary<Role> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<Role>('owner', 'member', 'stranger') },
  { weight: 1, arbitrary: fc.constantFrom(...ROLES) },
);

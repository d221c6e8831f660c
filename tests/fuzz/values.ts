// The values the fuzz puts where the API expects its own: in fields, ids and queries.
import fc from 'fast-check';

/**
 * A reference to something seeded (the free envolvement, the member's payment…), resolved
 * when the case runs: a write that removed something has the data seeded again, with new ids.
 */
export class Ref {
  constructor(readonly name: RefName) {}
  toString(): string {
    return `Ref(${this.name})`;
  }
}

export const REF_NAMES = [
  'free',
  'paid',
  'freePurchase',
  'paidPurchase',
  'payment',
  'ownerId',
  'memberId',
  'strangerId',
  'ownerSlug',
  'memberSlug',
  'update',
  'comment',
  'notification',
] as const;
export type RefName = (typeof REF_NAMES)[number];

export const ref = fc.constantFrom(...REF_NAMES).map((name) => new Ref(name));

export const LONG = 100_000;

// Characters no text field takes (a lone \r included), and U+2028, which any may hold.
export const BAD_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000b',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009f',
  '\ud800',
  '\udc00',
  '\r',
  '\u2028',
];

const FIXED_STRINGS = [
  ...[
    '',
    ' ',
    '\t',
    '\n',
    '\r\n',
    ...BAD_CHARACTERS,
    'a\u0000b',
    'a\ud800b',
    '\udc00\ud800',
    '😀',
    '\u202e\u0645',
    '\ufeff',
  ],
  ...['%', '%00', '%E0%A4%A', '%ZZ', '../', '../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', "' or 1=1 --", '\\', '%_%'],
  ...['not-a-uuid', '00000000-0000-0000-0000-000000000000', '00000000-0000-4000-8000-000000000000'],
  ...['------------------------------------', 'gggggggg-gggg-gggg-gggg-gggggggggggg'],
  ...['null', 'undefined', '[object Object]', '__proto__', 'NaN', '-1', '1e400', 'Infinity'],
  ...[
    'https://',
    'https://example.com/\u0000',
    'https://example.com/\ud800',
    '/uploads/covers/../../secret.png',
    'javascript:alert(1)',
  ],
  ...[
    'local|',
    '|',
    `local|${'x'.repeat(400)}`,
    'pi_',
    'pi_\u0000',
    `pi_${'a'.repeat(300)}`,
    'a@b',
    'fuzz@example.com\u0000',
  ],
  ...[
    '2030-01-01',
    '+275760-09-13T00:00:00.000Z',
    '-000001-01-01T00:00:00.000Z',
    '0000-01-01',
    '9999-12-31T23:59:59.999Z',
    '10000-01-01',
  ],
];

// NUL half the time: it is the one PostgreSQL refuses outright (a 500 where unchecked).
export const badCharacter = fc.oneof(fc.constant('\u0000'), fc.constantFrom(...BAD_CHARACTERS));

// A value that would pass every other check, with one bad character inside.
export const withBadCharacter = fc
  .tuple(
    fc.constantFrom('', 'Title ', 'https://example.com/', '/uploads/covers/', 'fuzz@example.com', 'local|'),
    badCharacter,
    fc.constantFrom('', 'end', '.png'),
  )
  .map(([a, b, c]) => a + b + c);

/** Strings that have broken text handling somewhere: controls, lone surrogates, paths, huge. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...FIXED_STRINGS) },
  { weight: 4, arbitrary: withBadCharacter },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('a', ' ', '\u0000', 'é', '😀', '%'), fc.constantFrom(201, 1001, 4001, LONG))
      .map(([c, n]) => c.repeat(n)),
  },
);

export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0,
    0.5,
    1.5,
    -0.0001,
    1e-9,
    2 ** 31,
    2 ** 53 + 1,
    10_001,
    1_000_001,
    1e308,
    -1e308,
    Number.NaN,
    Infinity,
  ),
  fc.integer(),
  fc.double(),
);

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: ref },
);

/** Any JSON value a client could send in a field's place: wrong types, arrays for objects… */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom('title', 'id', 'price', '__proto__', 'constructor', 'x'), leaf, {
      maxKeys: 3,
    }),
  },
  { weight: 1, arbitrary: fc.constantFrom({}, [], [[]], [{}], { price: { price: -1 } }) },
);

/** Dates at and past the edges of what the database and JavaScript agree on. */
export const DATE_EDGES = [
  ...[
    '+275760-09-13T00:00:00.000Z',
    '10000-01-01',
    '-000001-01-01T00:00:00.000Z',
    '0000-01-01',
    '0001-01-01',
    'Jan 1 99999',
  ],
  ...['2030-02-30', '9999-12-31T23:59:59.999Z', '1899-12-31', '2030-01-01T25:00:00Z', '2030-01-01T00:00:00+99:00'],
];

/** Numbers at and past the edges of prices and quantities. */
export const NUMBER_EDGES = [
  -1,
  -0,
  0,
  0.001,
  0.005,
  1e-7,
  49,
  10_000,
  10_001,
  999_999.99,
  1_000_000,
  1_000_001,
  2 ** 31,
  2 ** 53,
  1e308,
];

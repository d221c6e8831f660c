import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { ambassadorSchema, newsletterSchema } from '@/lib/validation/marketing';
import { registerSchema } from '@/lib/validation/auth';
import { createEnvolvementSchema, updatePostSchema } from '@/lib/validation/envolvement';
import { fieldErrorsOf } from '@/lib/validation/check';
import { checkoutBodySchema } from '@/lib/validation/payments';
import { statusUpdateSchema, userSubmissionSchema } from '@/lib/validation/submissions';
import { checkText, hasForbiddenCharacters } from '@/lib/validation/text';
import { userRefSchema, userSearchSchema } from '@/lib/validation/users';
import { creationBody } from '../factories/envolvement-input';

const REFUSED = 'Title contains characters that are not allowed.';
const singleLine = z
  .string()
  .check(z.trim(), z.maxLength(200, 'Title must be 200 characters or fewer'), checkText('Title'));
const multiline = z.string().check(z.trim(), checkText('Title', { multiline: true }));

const messages = (schema: z.ZodMiniType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('checkText', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a C0 control', 'a\u0001b'],
    ['escape', '\u001b[31mred'],
    ['DEL', 'a\u007fb'],
    ['a C1 control (NEL)', 'a\u0085b'],
    ['the last C1 control', 'a\u009fb'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', 'a\udc00b'],
    ['a lone high surrogate at the end', 'abc\ud83d'],
    ['surrogates in the wrong order', '\ude00\ud83d'],
  ])('refuses %s, in one line and in many', (_, value) => {
    expect(messages(singleLine, value)).toEqual([REFUSED]);
    expect(messages(multiline, value)).toEqual([REFUSED]);
  });

  it('takes emoji (surrogate pairs) and other letters', () => {
    for (const value of ['😀', 'a😀b👍🏽', '👩‍👩‍👧', 'Ünïcödé', 'نص', '中文', '\u00a0non-breaking']) {
      expect(singleLine.parse(value)).toBe(value.trim());
      expect(multiline.parse(value)).toBe(value.trim());
    }
  });

  it('takes tabs and line breaks (\\n, \\r\\n) only in multi-line text', () => {
    for (const value of ['one\ntwo', 'one\r\ntwo', 'a\tb', 'lines\n\n\ttabbed']) {
      expect(multiline.parse(value)).toBe(value);
      expect(messages(singleLine, value)).toEqual([REFUSED]);
    }
  });

  it('refuses a carriage return that is not part of \\r\\n, even in multi-line text', () => {
    expect(messages(multiline, 'one\rtwo')).toEqual([REFUSED]);
    expect(messages(multiline, 'one\n\rtwo')).toEqual([REFUSED]);
    expect(messages(multiline, 'one\v two')).toEqual([REFUSED]);
    expect(messages(multiline, 'one\f two')).toEqual([REFUSED]);
  });

  it('judges the trimmed text: a line break that trimming removes is no reason to refuse', () => {
    expect(singleLine.parse('  Title\n')).toBe('Title');
    expect(singleLine.parse('\tTitle\r\n')).toBe('Title');
  });

  it('comes after the field’s own checks: their message stays first', () => {
    expect(messages(singleLine, '\u0000'.repeat(201))).toEqual(['Title must be 200 characters or fewer', REFUSED]);
  });

  it('hasForbiddenCharacters says the same as the check', () => {
    expect(hasForbiddenCharacters('fine')).toBe(false);
    expect(hasForbiddenCharacters('a\u0000')).toBe(true);
    expect(hasForbiddenCharacters('a\nb')).toBe(true);
    expect(hasForbiddenCharacters('a\nb', { multiline: true })).toBe(false);
  });
});

describe('the schemas that take user text', () => {
  it('name the field that holds the character, keeping their other messages', () => {
    const create = createEnvolvementSchema('usd').safeParse(
      creationBody({ title: 'Draw\u0000', description: 'Two\nlines\ud800' }),
    );
    expect(fieldErrorsOf(create.error!)).toEqual({
      title: 'Title contains characters that are not allowed.',
      description: 'Description contains characters that are not allowed.',
    });
    expect(
      createEnvolvementSchema('usd').safeParse(creationBody({ previewText: 'Line one\r\nline two', title: '  Draw  ' }))
        .data,
    ).toMatchObject({
      previewText: 'Line one\r\nline two',
      title: 'Draw',
    });
    expect(
      createEnvolvementSchema('usd').safeParse(creationBody({ imgUrl: 'https://example.com/\u0000.png' })).error
        ?.issues[0]?.message,
    ).toBe('Image contains characters that are not allowed.');
    expect(messages(updatePostSchema, { title: 'Update', description: 'Body\u0085' })).toEqual([
      'Description contains characters that are not allowed.',
    ]);
    expect(messages(newsletterSchema, { email: 'a@example.com\u0000' })).toEqual([
      'Please enter a valid email address',
      'Email contains characters that are not allowed.',
    ]);
    expect(
      messages(registerSchema, {
        name: 'Ann\u0007',
        handle: 'ann',
        email: 'ann@example.com',
        password: 'long enough password',
      }),
    ).toEqual(['Name contains characters that are not allowed.']);
    expect(
      messages(ambassadorSchema, {
        name: 'Ann',
        email: 'ann@example.com',
        handle: '@ann\u0000',
        platform: 'YouTube',
        contentTypes: ['Music'],
        platformLink: 'https://youtube.com/@ann\ud800',
      }),
    ).toEqual([
      'Handle contains characters that are not allowed.',
      'Platform link contains characters that are not allowed.',
    ]);
    expect(messages(userSubmissionSchema, { url: 'https://example.com/\u0000' })).toEqual([
      'Link contains characters that are not allowed.',
    ]);
    expect(messages(userSubmissionSchema, { url: 'not a link\u0000' })).toEqual([
      'Link must be a valid http(s) URL',
      'Link contains characters that are not allowed.',
    ]);
    expect(messages(checkoutBodySchema, { submissionId: 'abc\u0000' })).toEqual([
      'submissionId contains characters that are not allowed.',
    ]);
    const progress = { inReview: true, approved: false, denied: false, completed: false };
    expect(messages(statusUpdateSchema, { SubmissionProgressArray: [{ userID: 'local|\u0000', progress }] })).toEqual([
      'userID contains characters that are not allowed.',
    ]);
    expect(messages(userSearchSchema, 'ann\u0000')).toEqual(['Search text contains characters that are not allowed.']);
    expect(userRefSchema.safeParse('local|\u0000').success).toBe(false);
  });
});

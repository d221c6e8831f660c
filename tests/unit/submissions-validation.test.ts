import { describe, expect, it } from 'vitest';
import {
  checkSubmission,
  isHttpUrl,
  openSubmissionsSchema,
  statusUpdateSchema,
  submissionProblems,
  userSubmissionSchema,
} from '@/lib/validation/submissions';

describe('isHttpUrl', () => {
  it('takes absolute http and https URLs only', () => {
    for (const url of ['http://x.dev', 'https://x.dev/a?b=c#d', 'HTTPS://EXAMPLE.COM', 'https://localhost:3000/p'])
      expect(isHttpUrl(url)).toBe(true);
    for (const url of [
      '',
      'x.dev',
      '//x.dev',
      'ftp://x.dev',
      'javascript:alert(1)',
      'mailto:a@b.c',
      'data:text/html,x',
      'https//x.dev',
    ]) {
      expect(isHttpUrl(url)).toBe(false);
    }
  });
});

describe('openSubmissionsSchema', () => {
  it('needs at least one type; missing ones are false', () => {
    expect(openSubmissionsSchema.parse({ url: true })).toEqual({ picture: false, description: false, url: true });
    expect(openSubmissionsSchema.safeParse({}).success).toBe(false);
    expect(openSubmissionsSchema.safeParse({ picture: false, description: false, url: false }).success).toBe(false);
    expect(openSubmissionsSchema.safeParse({ picture: 1 }).success).toBe(false);
  });
});

describe('userSubmissionSchema', () => {
  const parse = (value: unknown) => userSubmissionSchema.safeParse(value);

  it('trims text and keeps only the known fields', () => {
    expect(userSubmissionSchema.parse({ description: '  hi  ', url: ' https://x.dev ', userID: 'someone' })).toEqual({
      description: 'hi',
      url: 'https://x.dev',
    });
  });

  it('limits the description to 4000 and the link to 2000 characters', () => {
    expect(parse({ description: 'd'.repeat(4000) }).success).toBe(true);
    expect(parse({ description: 'd'.repeat(4001) }).success).toBe(false);
    const link = (n: number) => `https://x.dev/${'a'.repeat(n - 14)}`;
    expect(parse({ url: link(2000) }).success).toBe(true);
    expect(parse({ url: link(2001) }).success).toBe(false);
  });

  it('takes pictures from our uploads or https only', () => {
    expect(parse({ picture: '/uploads/covers/4a0c4c43-6f3c-4a5f-9a55-1d2a1f4b1c11.webp' }).success).toBe(true);
    expect(parse({ picture: '/uploads/submissions/4a0c4c43-6f3c-4a5f-9a55-1d2a1f4b1c11.jpg' }).success).toBe(true);
    expect(parse({ picture: 'https://res.cloudinary.com/x/a.png' }).success).toBe(true);
    for (const picture of [
      'http://x.dev/a.png',
      '/uploads/banners/../../secret',
      '/uploads/covers/x.png',
      'javascript:alert(1)',
    ]) {
      expect(parse({ picture }).success).toBe(false);
    }
  });
});

describe('statusUpdateSchema', () => {
  it('needs a non-empty list of user ids with boolean progress', () => {
    const entry = { userID: 'local|a', progress: { approved: true } };
    expect(statusUpdateSchema.parse({ SubmissionProgressArray: [entry] })).toEqual({
      SubmissionProgressArray: [
        { userID: 'local|a', progress: { inReview: false, approved: true, denied: false, completed: false } },
      ],
    });
    expect(statusUpdateSchema.safeParse({ SubmissionProgressArray: [] }).success).toBe(false);
    expect(statusUpdateSchema.safeParse({}).success).toBe(false);
    expect(statusUpdateSchema.safeParse({ SubmissionProgressArray: [{ userID: '', progress: {} }] }).success).toBe(
      false,
    );
    expect(
      statusUpdateSchema.safeParse({ SubmissionProgressArray: [{ userID: 'x', progress: { approved: 'true' } }] })
        .success,
    ).toBe(false);
  });
});

describe('what a submission must carry, for the form and the server alike', () => {
  const all = { picture: true, description: true, url: true };
  const pictureOnly = { picture: true, description: false, url: false };

  it('names each missing or unwanted field', () => {
    expect(submissionProblems({}, all)).toEqual({ description: 'Description is required', url: 'Link is required' });
    expect(submissionProblems({ description: 'Hi', url: 'https://x.example' }, all)).toEqual({});
    expect(submissionProblems({}, pictureOnly)).toEqual({ picture: 'Picture is required' });
    expect(submissionProblems({ description: 'Hi' }, pictureOnly)).toEqual({
      description: 'Text submissions are not allowed here.',
      picture: 'Picture is required',
    });
  });

  it('checks the text with the schema before the types', () => {
    expect(checkSubmission({ description: '   ', url: 'ftp://x' }, all)).toEqual({
      description: 'Description is required',
      url: 'Link must be a valid http(s) URL',
    });
  });
});

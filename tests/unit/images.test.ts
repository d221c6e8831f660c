import { describe, expect, it } from 'vitest';
import { IMAGE_ACCEPT, isImageUrl, isImageMimeType } from '@/lib/domain/images';
import { createEnvolvementSchema, updatePostSchema } from '@/lib/validation/envolvement';
import { userSubmissionSchema } from '@/lib/validation/submissions';
import { creationBody } from '@/tests/factories/envolvement-input';

const STORED = '/uploads/covers/4a0c4c43-6f3c-4a5f-9a55-1d2a1f4b1c11.png';

describe('an image URL a record may keep', () => {
  it.each([
    STORED,
    '/uploads/submissions/4a0c4c43-6f3c-4a5f-9a55-1d2a1f4b1c11.webp',
    '/uploads/updates/4a0c4c43-6f3c-4a5f-9a55-1d2a1f4b1c11.jpg',
    '/demo/qa.svg',
    'https://res.cloudinary.com/demo/image/upload/cover.png',
  ])('accepts %s', (url) => {
    expect(isImageUrl(url)).toBe(true);
  });

  it.each([
    '/uploads/covers/../../secret.png',
    '/uploads/covers/a.png',
    '/uploads/covers/4a0c4c43-6f3c-4a5f-9a55-1d2a1f4b1c11.svg',
    '/uploads/private/4a0c4c43-6f3c-4a5f-9a55-1d2a1f4b1c11.png',
    '/demo/../secret.svg',
    'http://example.com/cover.png',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    '//evil.example/cover.png',
    'cover.png',
  ])('refuses %s', (url) => {
    expect(isImageUrl(url)).toBe(false);
  });

  it('is the same rule for covers, update images and submission pictures', () => {
    for (const url of [STORED, '/uploads/covers/a.png', 'http://example.com/x.png']) {
      const expected = isImageUrl(url);
      expect(createEnvolvementSchema('usd').safeParse(creationBody({ imgUrl: url })).success).toBe(expected);
      expect(updatePostSchema.safeParse({ title: 'Week 1', description: 'Hello', imgUrl: url }).success).toBe(expected);
      expect(userSubmissionSchema.safeParse({ picture: url }).success).toBe(expected);
    }
  });
});

describe('the accepted image types', () => {
  it('are PNG, JPEG, GIF and WebP, never SVG', () => {
    expect(IMAGE_ACCEPT).toBe('image/png,image/jpeg,image/gif,image/webp');
    expect(isImageMimeType('image/svg+xml')).toBe(false);
    expect(isImageMimeType('toString')).toBe(false);
  });
});

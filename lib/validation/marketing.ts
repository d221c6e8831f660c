import { z } from 'zod/mini';
import { checkText } from './text';

export const PLATFORMS = ['YouTube', 'Twitch', 'Tik Tok', 'Instagram', 'Other'] as const;

export const CONTENT_TYPES = [
  'Autos & Vehicles',
  'Comedy',
  'Education',
  'Entertainment',
  'Film & Animation',
  'Gaming',
  'How To / Tutorials',
  'Music',
  'News & Politics',
  'People & Blogs',
  'Pets & Animals',
  'Science & Technology',
  'Sports',
  'Travel & Events',
  'Other',
] as const;

const email = z.pipe(
  z
    .string({ error: 'Email is required' })
    .check(z.trim(), z.minLength(1, 'Email is required'), z.maxLength(254, 'Email must be 254 characters or fewer')),
  z.email('Please enter a valid email address').check(checkText('Email')),
);

/** The ambassador form's lengths, shared by its inputs. */
export const AMBASSADOR_LIMITS = { name: 100, handle: 100, platformLink: 500 } as const;

/** The newsletter sign-up: one address, checked like every other. */
export const newsletterSchema = z.object({ email });

/** A newsletter link's token, as the confirm and unsubscribe pages send it. */
export const newsletterTokenSchema = z.object({
  token: z
    .string({ error: 'This link is not valid.' })
    .check(z.minLength(1, 'This link is not valid.'), z.maxLength(200, 'This link is not valid.')),
});

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be ${max} characters or fewer`),
    );

export const ambassadorSchema = z.object({
  name: required('Name', AMBASSADOR_LIMITS.name).check(checkText('Name')),
  email,
  handle: required('Handle', AMBASSADOR_LIMITS.handle).check(checkText('Handle')),
  platform: z.enum(PLATFORMS, { error: 'Please choose your primary platform' }),
  contentTypes: z
    .array(z.enum(CONTENT_TYPES, { error: 'Unknown content type' }), {
      error: 'Please choose at least one content type',
    })
    .check(z.minLength(1, 'Please choose at least one content type'), z.maxLength(CONTENT_TYPES.length)),
  platformLink: required('Platform link', AMBASSADOR_LIMITS.platformLink).check(
    z.refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }, 'Please enter a link that starts with http:// or https://'),
    checkText('Platform link'),
  ),
});

export type AmbassadorApplication = z.infer<typeof ambassadorSchema>;

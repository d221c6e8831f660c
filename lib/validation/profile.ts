import { z } from 'zod/mini';
import { BIO_MAX, LINKS_MAX } from '@/lib/domain/accounts';
import { containsEmailAddress } from '@/lib/domain/public-name';
import { BIO_TOO_LONG, handleSchema, LINKS_TOO_MANY, profileLinkSchema } from './account';
import { registerSchema } from './auth';
import { checkText } from './text';

// The profile settings form and PATCH /api/account/profile share this schema. Every field
// may be left out (a PATCH changes what it names); the form sends them all.

const NAME_IS_EMAIL = 'Your name is public: please use a name, not an e-mail address.';

/** The display name: the sign-up form's rules, and no e-mail address in it (it is public). */
const displayNameSchema = registerSchema.shape.name.check(
  z.refine((value: string) => !containsEmailAddress(value), NAME_IS_EMAIL),
);

/** A bio: several lines of text, at most BIO_MAX characters; empty removes it. */
const bioSchema = z.string({ error: 'Bio must be text' }).check(
  // A line break counts as one character, whichever way the client wrote it.
  z.overwrite((value: string) => value.replace(/\r\n/g, '\n')),
  z.trim(),
  z.maxLength(BIO_MAX, BIO_TOO_LONG),
  checkText('Bio', { multiline: true }),
);

const profileLinksSchema = z
  .array(profileLinkSchema, { error: 'Links must be a list of addresses' })
  .check(z.maxLength(LINKS_MAX, LINKS_TOO_MANY));

export const profileSettingsSchema = z.object({
  name: z.optional(displayNameSchema),
  handle: z.optional(handleSchema),
  bio: z.optional(bioSchema),
  links: z.optional(profileLinksSchema),
});

export type ProfileSettingsInput = z.infer<typeof profileSettingsSchema>;

/** The owner's profile as the settings form shows it and PATCH /api/account/profile answers it. */
export type ProfileSettings = {
  name: string;
  handle: string;
  /** False while the handle is one the site gave them. */
  handleChosen: boolean;
  picture: string | null;
  bio: string | null;
  links: string[];
};

/** What the handle field says when another live account holds the handle, whatever its case. */
export const HANDLE_TAKEN = 'That handle is taken. Please choose another.';

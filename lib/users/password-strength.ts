import 'server-only';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from '@/lib/validation/auth';

// The strength rule for every new password (sign-up and password change). zxcvbn
// estimates how many guesses a cracker needs, knowing common passwords, names, words,
// keyboard walks, dates and repeats, plus what the site knows about the person.

/** zxcvbn's scale runs 0–4; 2 and up resists online guessing comfortably. */
export const MIN_PASSWORD_SCORE = 2;

const TOO_EASY = 'This password is too easy to guess.';
const FALLBACK_ADVICE = 'Add another word or two. Uncommon words are better.';

// zxcvbn's matching grows steeply with long, repetitive input (a 200-character run of
// digits takes over a second of CPU): it looks at the first 64 characters, which already
// tell a strong password from a weak one, and tries few l33t substitutions.
const ZXCVBN_MAX_LENGTH = 64;
const ZXCVBN_L33T_MAX_SUBSTITUTIONS = 10;

let estimator: Promise<ZxcvbnFactory> | undefined;

// The dictionaries are a few megabytes: loaded on the first check, once per process.
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ])
    .then(
      ([core, common, en]) =>
        new core.ZxcvbnFactory({
          dictionary: { ...common.dictionary, ...en.dictionary },
          graphs: common.adjacencyGraphs,
          translations: {
            ...en.translations,
            // zxcvbn's own words for this ('personal or page related data') are its jargon.
            warnings: {
              ...en.translations.warnings,
              userInputs: 'It contains your name, your handle, your email address or the site’s name.',
            },
          },
          maxLength: ZXCVBN_MAX_LENGTH,
          l33tMaxSubstitutions: ZXCVBN_L33T_MAX_SUBSTITUTIONS,
        }),
    )
    .catch((error: unknown) => {
      estimator = undefined;
      throw error;
    });
  return estimator;
}

export type PasswordOwner = { email?: string | null; name?: string | null; handle?: string | null };

function personalWords({ email, name, handle }: PasswordOwner): string[] {
  const words = new Set<string>(['envolve']);
  const address = email?.trim().toLowerCase();
  if (address) {
    words.add(address);
    const local = address.split('@')[0];
    if (local) words.add(local);
  }
  const fullName = name?.trim().toLowerCase();
  if (fullName) {
    words.add(fullName);
    for (const part of fullName.split(/\s+/)) if (part.length > 1) words.add(part);
  }
  // The handle is public: a password built on it is the first a stranger would try.
  const publicHandle = handle?.trim().replace(/^@/, '').toLowerCase();
  if (publicHandle) {
    words.add(publicHandle);
    words.add(publicHandle.replace(/_/g, ''));
    for (const part of publicHandle.split('_')) if (part.length > 2) words.add(part);
  }
  return [...words];
}

/**
 * Why `password` may not be used by this person, or null when it may. The reasons are
 * written for the person choosing it; the form shows them under the password field.
 */
export async function checkPasswordStrength(password: string, owner: PasswordOwner = {}): Promise<string | null> {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (password.trim() === '') return 'Password cannot be only spaces.';
  const address = owner.email?.trim().toLowerCase();
  const candidate = password.trim().toLowerCase();
  if (address && (candidate === address || candidate === address.split('@')[0])) {
    return 'Password cannot be your email address.';
  }
  const zxcvbn = await loadEstimator();
  const { score, feedback } = zxcvbn.check(password, personalWords(owner));
  if (score >= MIN_PASSWORD_SCORE) return null;
  // zxcvbn says why (its warning) and what to do (its first suggestion); either may be missing.
  const advice = [feedback.warning, feedback.suggestions[0]].filter((text): text is string => Boolean(text));
  return [TOO_EASY, ...(advice.length ? advice : [FALLBACK_ADVICE])].join(' ');
}

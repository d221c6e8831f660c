import { describe, expect, it } from 'vitest';
import { checkPasswordStrength } from '@/lib/users/password-strength';

// What zxcvbn knows about the person (and the site) makes their own words easy to guess.
const TOO_EASY = 'This password is too easy to guess.';
const PERSONAL = `${TOO_EASY} It contains your name, your handle, your email address or the site’s name. Add more words that are less common.`;

describe('checkPasswordStrength with what the site knows', () => {
  // First in this file: the estimator is built here, with the app's wording of the warning.
  it('refuses the site’s name in a password, for anyone', async () => {
    expect(await checkPasswordStrength('envolve2024')).toBe(PERSONAL);
  });

  it('refuses the local part of the e-mail, trimmed and lowercased, with no name given', async () => {
    expect(await checkPasswordStrength('marmaduke77')).toBeNull();
    expect(await checkPasswordStrength('marmaduke77', { email: 'marmaduke@example.com' })).toBe(PERSONAL);
    expect(await checkPasswordStrength('marmaduke77', { email: ' Marmaduke@Example.com ' })).toBe(PERSONAL);
    expect(await checkPasswordStrength('marmaduke77', { email: 'marmaduke@example.com', name: null })).toBe(PERSONAL);
  });

  it('refuses each part of the name, with no e-mail given', async () => {
    expect(await checkPasswordStrength('hildegard77')).toBeNull();
    expect(await checkPasswordStrength('hildegard77', { name: 'Hildegard Bingen' })).toBe(PERSONAL);
    expect(await checkPasswordStrength('hildegard77', { name: '  HILDEGARD  ' })).toBe(PERSONAL);
    expect(await checkPasswordStrength('hildegard77', { name: 'Hildegard', email: null })).toBe(PERSONAL);
  });

  it('refuses the e-mail itself whatever its case and spaces in the account', async () => {
    expect(await checkPasswordStrength('marmaduke@example.com', { email: ' Marmaduke@Example.com ' })).toBe(
      'Password cannot be your email address.',
    );
    expect(await checkPasswordStrength('marmaduke', { email: ' Marmaduke@Example.com ' })).toBe(
      'Password cannot be your email address.',
    );
  });

  it('gives only the suggestion when zxcvbn has no warning', async () => {
    expect(await checkPasswordStrength('lantern12')).toBe(`${TOO_EASY} Add more words that are less common.`);
  });
});

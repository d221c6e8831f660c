import { describe, expect, it } from 'vitest';
import { checkPasswordStrength } from '@/lib/users/password-strength';

const ada = { email: 'ada.lovelace@example.com', name: 'Ada Lovelace' };
const TOO_EASY = 'This password is too easy to guess.';

describe('checkPasswordStrength', () => {
  it.each([
    ['12345678', `${TOO_EASY} This is a heavily used password. Add more words that are less common.`],
    ['password1', `${TOO_EASY} This is a commonly used password. Add more words that are less common.`],
    ['aaaaaaaa', `${TOO_EASY} Repeated characters like "aaa" are easy to guess. Add more words that are less common.`],
    ['        ', 'Password cannot be only spaces.'],
    ['ada.lovelace@example.com', 'Password cannot be your email address.'],
    ['ADA.LOVELACE@example.com ', 'Password cannot be your email address.'],
    ['ada.lovelace', 'Password cannot be your email address.'],
    [
      'adalovelace',
      `${TOO_EASY} It contains your name, your handle, your email address or the site’s name. Add more words that are less common.`,
    ],
    [
      'lovelace1815',
      `${TOO_EASY} It contains your name, your handle, your email address or the site’s name. Add more words that are less common.`,
    ],
    ['1234567', 'Password must be at least 8 characters'],
  ])('refuses %j with a reason', async (password, reason) => {
    expect(await checkPasswordStrength(password, ada)).toBe(reason);
  });

  // zxcvbn scores 'correct horse' 3 (two dictionary words and a space): it passes the rule
  // (score 2 or more), as does 'a-good-password'; 'correcthorse' (1) does not.
  it.each([
    'correct horse battery staple',
    'Tulip-Rocket-Lantern-93',
    'a-good-password',
    'correct horse',
    'envolve-demo',
    'Kq7#vZ2m',
  ])('accepts %j', async (password) => {
    expect(await checkPasswordStrength(password, ada)).toBeNull();
  });

  it('refuses what is easy to guess only for this person: their name, their e-mail', async () => {
    const someoneElse = { email: 'x@example.com', name: 'Someone Else' };
    expect(await checkPasswordStrength('ada.lovelace!', someoneElse)).toBeNull();
    expect(await checkPasswordStrength('ada.lovelace!', ada)).toBe(
      `${TOO_EASY} It contains your name, your handle, your email address or the site’s name. Add more words that are less common.`,
    );
    expect(await checkPasswordStrength('tulip-rocket-lantern', { email: 'tulip-rocket-lantern@example.com' })).toBe(
      'Password cannot be your email address.',
    );
  });

  it('stays quick on the longest password allowed, however repetitive', async () => {
    await checkPasswordStrength('warm up the dictionaries', ada);
    const started = performance.now();
    expect(await checkPasswordStrength('1'.repeat(200), ada)).toMatch(/^This password is too easy to guess\. /);
    expect(await checkPasswordStrength('ab1!'.repeat(50), ada)).toMatch(/^This password is too easy to guess\. /);
    // A generous bound: without the length cap this takes well over a second.
    expect(performance.now() - started).toBeLessThan(800);
  });
});

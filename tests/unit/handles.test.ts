import { describe, expect, it } from 'vitest';
import { handleProblem, handleStem, suggestHandle } from '@/lib/domain/handles';
import { handleSchema } from '@/lib/validation/account';
import { registerSchema } from '@/lib/validation/auth';
import { checkWith } from '@/lib/validation/check';

describe('handles', () => {
  it('take 3 to 30 letters, digits and underscores, and nothing reserved, whatever its case', () => {
    expect(handleProblem('abc')).toBeNull();
    expect(handleProblem('a'.repeat(30))).toBeNull();
    expect(handleProblem('Maya_Creates_2')).toBeNull();
    expect(handleProblem('ab')).toBe('Handle must be at least 3 characters');
    expect(handleProblem('a'.repeat(31))).toBe('Handle must be 30 characters or fewer');
    for (const bad of ['maya.chen', 'maya-chen', 'maya chen', 'mayä', 'maya@x'])
      expect(handleProblem(bad)).toBe('Use only letters, digits and underscores');
    for (const reserved of ['admin', 'Admin', 'SUPPORT', 'envolve', 'deleted_member'])
      expect(handleProblem(reserved)).toBe('That handle is reserved. Please choose another.');
  });

  it('are suggested from the name: accents dropped, words joined, never empty', () => {
    expect(handleStem('Inès Duarte')).toBe('ines_duarte');
    expect(handleStem('  Zoë  O’Neil-Smith ')).toBe('zoe_o_neil_smith');
    expect(handleStem('A very long name that keeps on going')).toBe('a_very_long_name_tha');
    expect(handleStem('李')).toBe('');
    expect(handleStem('maya@example.com')).toBe('');
    expect(suggestHandle('李')).toBe('member');
    expect(suggestHandle('Maya Chen', '0042')).toBe('maya_chen_0042');
    expect(suggestHandle('Admin')).toBe('admin_1');
    for (const name of ['Inès Duarte', 'A very long name that keeps on going', '李', 'Admin', 'x'])
      expect(handleProblem(suggestHandle(name, '1234'))).toBeNull();
  });

  it('are read as typed: trimmed, one leading @ dropped, then checked', () => {
    expect(handleSchema.parse('  @maya_c ')).toBe('maya_c');
    expect(handleSchema.safeParse('@@maya').success).toBe(false);
    expect(handleSchema.safeParse('').error?.issues[0]?.message).toBe('Handle is required');
  });

  it('are part of sign-up, with their message under the field', () => {
    const checked = checkWith(registerSchema, {
      name: 'Ada',
      handle: 'ad',
      email: 'ada@example.com',
      password: 'long enough password',
    });
    expect(checked).toMatchObject({ ok: false, fields: { handle: 'Handle must be at least 3 characters' } });
  });
});

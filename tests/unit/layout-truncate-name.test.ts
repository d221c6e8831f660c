import { describe, expect, it } from 'vitest';
import { truncateName } from '@/components/layout/truncate-name';

describe('truncateName', () => {
  it('keeps names of up to 12 characters', () => {
    expect(truncateName('Maya Chen')).toBe('Maya Chen');
    expect(truncateName('123456789012')).toBe('123456789012');
  });

  it('cuts longer names to 12 characters and an ellipsis', () => {
    expect(truncateName('1234567890123')).toBe('123456789012...');
    expect(truncateName('Alexandria Newcomer')).toBe('Alexandria N...');
  });
});

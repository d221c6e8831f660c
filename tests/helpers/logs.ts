import { afterEach, beforeEach } from 'vitest';
import { redirectLogs } from '@/lib/log';

/**
 * Keeps the app's log lines of each test aside, out of the output (a refused send, a
 * failure the test causes on purpose); gives the lines of the test running, to read.
 */
export function useKeptLogs(): () => string[] {
  let lines: string[] = [];
  let restore: () => void = () => undefined;
  beforeEach(() => {
    lines = [];
    restore = redirectLogs({ write: (line) => void lines.push(line) });
  });
  afterEach(() => {
    restore();
  });
  return () => lines;
}

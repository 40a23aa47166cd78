import { describe, expect, it } from 'vitest';
import { formatSlowest, slowestFiles } from './slowest-files-reporter';

describe('slowest files at the end of a run', () => {
  const times = [
    { file: 'test/a.test.ts', seconds: 1.2 },
    { file: 'test/e2e/b.test.ts', seconds: 30.04 },
    { file: 'test/c.test.ts', seconds: 7 },
    { file: 'test/d.test.ts', seconds: 7 },
  ];

  it('keeps the slowest ones, slowest first, ties by name', () => {
    expect(slowestFiles(times, 3).map((t) => t.file)).toEqual(['test/e2e/b.test.ts', 'test/c.test.ts', 'test/d.test.ts']);
  });

  it('prints one line a file with its seconds', () => {
    expect(formatSlowest(slowestFiles(times, 2))).toBe(
      ['Slowest 2 test files (37 s together):', '   30.0 s  test/e2e/b.test.ts', '    7.0 s  test/c.test.ts'].join('\n'),
    );
  });

  it('prints nothing for a run without files', () => {
    expect(formatSlowest([])).toBe('');
  });
});

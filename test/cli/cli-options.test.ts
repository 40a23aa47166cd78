// The option parsers every command shares, as commander calls them.
import { InvalidArgumentError } from 'commander';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { envOption, isoDay, positiveId, wholeNumber } from '../../src-main/cli/cli-options';

describe('shared CLI option parsers', () => {
  it('reads ids and whole numbers, refusing what is not one with what was expected', () => {
    expect(positiveId('42')).toBe(42);
    expect(wholeNumber(0)('0')).toBe(0);
    for (const bad of ['0', '-1', '1.5', 'abc', '']) expect(() => positiveId(bad), bad).toThrow(InvalidArgumentError);
    expect(() => wholeNumber(2)('1')).toThrow(expect.objectContaining({ expected: 'cli.bad_value.whole_number', value: '1', params: { min: 2 } }));
  });

  it('reads a calendar day', () => {
    expect(isoDay('2027-03-15')).toBe('2027-03-15');
    expect(() => isoDay('15/03/2027')).toThrow(expect.objectContaining({ expected: 'cli.bad_value.day', value: '15/03/2027' }));
  });

  it('offers the known environments for --env', () => {
    expect(envOption('entorno').argChoices).toEqual(expect.arrayContaining(['demo', 'test', 'production']));
    expect(envOption('entorno').description).toBe('entorno');
  });
});

describe('what the CLI exits with when commander refuses the command line', () => {
  it('exits 2 for bad input (an unknown command, a missing argument, a bad option value) and 0 for help', async () => {
    const { runCasedesk } = await import('../support/cli');
    const dataDir = ['--data-dir', join(tmpdir(), 'casedesk-cli-options-unused')];
    expect((await runCasedesk([...dataDir, 'nosuch'])).code).toBe(2);
    expect((await runCasedesk([...dataDir, 'prepare'])).code).toBe(2);
    const bad = await runCasedesk([...dataDir, 'followup', 'abc', '--outcome', 'non-final']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('casedesk: <campaign>: "abc" is not a whole number ≥ 1.\n');
    expect((await runCasedesk([...dataDir, '--help'])).code).toBe(0);
  }, 60_000);
});

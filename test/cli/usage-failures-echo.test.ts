// Review (cli-usage.ts): a refused command line says which option or how many arguments, not the values
// it refuses. A phone typed without quotes (`--phone 011 4444 5555`) leaves "4444" and "5555" as extra
// arguments; cli.too_many_arguments put them in its words, and scheduled runs keep stderr in their logs.
// Commander's own words never echoed them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCasedesk } from '../support/cli';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-cli-echo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function casedesk(args: string[]) {
  const { LC_ALL: _a, LC_MESSAGES: _m, LANG: _l, ...rest } = process.env;
  return runCasedesk(['--data-dir', join(dir, 'data'), ...args], { env: { ...rest, CASEDESK_POLICY: '' } });
}

describe('a refused command line and the personal data typed on it', { timeout: 120_000 }, () => {
  it('too many arguments: says how many, not what they were (a phone typed without quotes)', async () => {
    const res = await casedesk(['suppress', 'add', '--phone', '011', '4444', '5555']);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/^casedesk: casedesk suppress add takes 0 argument\(s\) but got 2/);
    expect(res.stderr).not.toMatch(/4444|5555/);
  });
});

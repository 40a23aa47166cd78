// What `casedesk upload` prints for a person: the service's codes and reasons are shown, their
// escape sequences never reach the terminal raw (a hostile service could clear it or forge lines).
import { describe, expect, it, vi } from 'vitest';
import { printTable } from '../../../src-main/cli/cli-context';
import { progressLine, uploadReport } from '../../../src-main/cli/commands/sync';

// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/;

const aResult = {
  status: 'paused' as const,
  loaded: 3,
  rejected: { 'C1\u001b[2J': 'bad phone\u001b]0;owned\u0007\ncasedesk: all good' },
  pending: 2,
  inDoubt: [],
  requests: 4,
  suppressed: { cases: 0, phones: 0 },
  skipped: { duplicates: 0 },
  pause: { code: 'refused', failure: { code: 'upload.refused' as const, params: { detail: 'no\u202eway' } }, message: '' },
};

describe('uploadReport', () => {
  it('shows a rejected code and reason and the pause in printable form, one line each', () => {
    const text = uploadReport(aResult, 'en');
    expect(text).not.toMatch(CONTROL);
    expect(text.trimEnd().split('\n')).toEqual([
      'paused: 3 loaded, 1 rejected, 2 pending, 4 request(s)',
      '  rejected C1\\u001b[2J: bad phone\\u001b]0;owned\\u0007\\u000acasedesk: all good',
      'Paused: The service refused the upload: no\\u202eway',
    ]);
  });
});

describe('progressLine', () => {
  it("words its note in the run's language", () => {
    const line = progressLine({ activity: 'sending', chunk: 1, chunks: 2, loaded: 0, rejected: 0, pending: 5 }, 'es');
    expect(line).toBe('[sending] chunk 1 of 2: loaded 0, rejected 0, pending 5\n');
  });
});

describe('printTable', () => {
  it("shows a bot's or campaign's name from the service in printable form", async () => {
    let out = '';
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      out += String(chunk);
      return true;
    });
    try {
      await printTable(['id', 'name'], [[7, 'Cobranza\u001b[31m roja\u009b2J']]);
    } finally {
      write.mockRestore();
    }
    expect(out).not.toMatch(CONTROL);
    expect(out).toContain('Cobranza\\u001b[31m roja\\u009b2J');
  });
});

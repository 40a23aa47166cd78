// What the CLI prints of a failure or a note: values from outside (a policy's key, a service's words,
// a path) are shown, their control characters never reach the terminal raw.
import { describe, expect, it } from 'vitest';
import { failureWords, noteLine } from '../../src-main/cli/cli-globals';

// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/;

describe('the CLI’s words for the terminal', () => {
  it("show a service's escape sequences in a failure as \\uXXXX, the rest of the words as they were", () => {
    const words = failureWords({ code: 'upload.refused', params: { detail: 'bad\u001b[2J\u001b]0;x\u0007 \u202eplain' } }, 'en');
    expect(words).not.toMatch(CONTROL);
    expect(words).toBe('The service refused the upload: bad\\u001b[2J\\u001b]0;x\\u0007 \\u202eplain');
  });

  it('show a line break in a note as \\u000a: a note is one line, whatever its params', () => {
    const line = noteLine('note', { code: 'key.kept_in_file', params: { dataDir: '/datos\ncasedesk: fake', keyFile: ['/k\u009b2J'] } }, 'es');
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1)).not.toMatch(/\n/);
    expect(line.slice(0, -1)).not.toMatch(CONTROL);
    expect(line).toContain('/datos\\u000acasedesk: fake');
    expect(line).toContain('/k\\u009b2J');
  });

  it('leave params that are lists of plain text as they were', () => {
    expect(failureWords({ code: 'cli.options_together', params: { options: ['--tls-cert', '--tls-key'] } }, 'en')).toBe(
      '--tls-cert, --tls-key go together: give both or neither.',
    );
  });
});

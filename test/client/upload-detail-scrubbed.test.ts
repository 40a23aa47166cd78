// The catalog says {detail} is "what the server said, scrubbed". The upload's own outcomes carry the
// server's `error` (400), `detail` (404) and `message` (500) into upload.refused /
// upload.campaign_not_found / upload.failing params, the pause the CLI prints (and --json writes) and
// the chunk's stored detail, so they are scrubbed too (review finding: they went as they came).
import { describe, expect, it } from 'vitest';
import { uploadOutcome } from '../../src-main/client/uploads';

const SECRET = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbmEifQ.c2lnbmF0dXJlLXNpZw';
const SAID = `token ${SECRET} for ana.perez@example.com, phone 3514567890`;
const answer = (status: number, body: unknown) => ({ status, contentType: 'application/json', text: JSON.stringify(body), body, isJson: true });
const shown = (o: object) => JSON.stringify(o);

describe('the server’s words in an upload outcome are scrubbed', () => {
  it.each([
    [400, { error: SAID }],
    [404, { detail: SAID }],
    [500, { message: SAID, Errors: '' }],
  ])('HTTP %i', (status, body) => {
    const outcome = uploadOutcome(answer(status, body), undefined, [SECRET]);
    expect(shown(outcome)).not.toContain(SECRET);
    expect(shown(outcome)).not.toContain('3514567890');
    expect(shown(outcome)).not.toContain('ana.perez@example.com');
  });
});

describe('a 400 that says nothing', () => {
  it('is refused with its status alone: no words of CaseDesk’s stand for the service’s', () => {
    expect(uploadOutcome({ status: 400, contentType: 'text/plain', text: '', body: undefined, isJson: false })).toEqual({ kind: 'refused', error: 'HTTP 400' });
  });
});

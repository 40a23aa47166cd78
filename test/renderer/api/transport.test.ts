// The browser host's answers reach the screens as envelopes, whatever came back: a body that is not
// one (a proxy's page, a server's own error for a too-large request) is a failure of its own, not a crash.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isEnvelope, transport } from '../../../src-renderer/src/api/transport';
import { ApiError } from '../../../src-renderer/src/api/failures';
import { i18n } from '../../../src-renderer/src/i18n';

afterEach(() => vi.unstubAllGlobals());

describe('the HTTP transport', () => {
  it('tells an envelope from anything else', () => {
    expect(isEnvelope({ ok: true, value: 1 })).toBe(true);
    expect(isEnvelope({ ok: false, error: { code: 'batch.busy', message: '' } })).toBe(true);
    for (const other of [
      null,
      'x',
      {},
      { ok: true },
      { ok: false },
      { ok: false, error: null },
      { statusCode: 413, error: 'Payload Too Large', message: 'x' },
    ]) {
      expect(isEnvelope(other), JSON.stringify(other)).toBe(false);
    }
  });

  it("answers host.unexpected_answer, with the status, for a server's own error body", async () => {
    const body = JSON.stringify({ statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE', error: 'Payload Too Large', message: 'Request body is too large' });
    vi.stubGlobal('fetch', async () => new Response(body, { status: 413, headers: { 'content-type': 'application/json' } }));
    expect(await transport.call('files:receive', {})).toMatchObject({ ok: false, error: { code: 'host.unexpected_answer', params: { status: 413 } } });
    vi.stubGlobal('fetch', async () => new Response('<html>proxy</html>', { status: 502 }));
    expect(await transport.call('batches:list', {})).toMatchObject({ ok: false, error: { code: 'host.unexpected_answer', params: { status: 502 } } });
  });

  it('words that failure for the agent', () => {
    i18n.global.locale.value = 'es';
    expect(new ApiError('host.unexpected_answer', { status: 413 }).message).toMatch(/^CaseDesk respondió algo que esta pantalla no entiende \(HTTP 413\)/);
  });
});

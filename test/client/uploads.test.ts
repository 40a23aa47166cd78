// Every documented answer of the case upload, as data; only network failures throw.
import { describe, expect, it } from 'vitest';
import { collect, ServiceError } from '../../src-main/client';
import { caseKeyedJson } from '../../src-main/contract';
import { OTHER_USER, useEmulator, validCase } from '../support/emulator';
import { bodyOf, campaignRequest, connect, control } from './helpers';

const emulator = useEmulator();
const base = () => emulator.current.url;
const badPhone = () => validCase({ phone_settings: { phone_list: ['0351456789'] } });

async function freshCampaign() {
  const connected = await connect(base());
  const { id } = await connected.client.createCampaign(campaignRequest('Carga'));
  return { ...connected, id };
}

describe('upload answers', () => {
  it('200 loaded, with codes such as "__proto__" kept as data', async () => {
    const { client, id } = await freshCampaign();
    const body = caseKeyedJson([
      ['__proto__', validCase()],
      ['constructor', validCase()],
      ['A-1', validCase()],
    ]);
    expect(await client.uploadCases(id, body)).toEqual({ kind: 'loaded', message: expect.stringContaining('3') });
    const codes = (await collect(client.campaignCases(id))).map((c) => c.params.code);
    expect(codes.sort()).toEqual(['A-1', '__proto__', 'constructor']);
  });

  it('202 partial and 400 rejected list each rejected code with its detail', async () => {
    const { client, id } = await freshCampaign();
    const partial = await client.uploadCases(
      id,
      caseKeyedJson([
        ['OK-1', validCase()],
        ['__proto__', badPhone()],
      ]),
    );
    expect(partial).toMatchObject({ kind: 'partial', message: expect.any(String) });
    expect(partial.kind === 'partial' && partial.rejected).toEqual([['__proto__', expect.stringContaining('0')]]);

    const rejected = await client.uploadCases(
      id,
      caseKeyedJson([
        ['MAL-1', badPhone()],
        ['MAL-2', validCase({ products: [] })],
      ]),
    );
    expect(rejected.kind).toBe('rejected');
    expect(rejected.kind === 'rejected' && rejected.rejected.map(([code]) => code).sort()).toEqual(['MAL-1', 'MAL-2']);
  });

  it('400 {error} refused: a closed campaign takes no cases', async () => {
    const { client, id } = await freshCampaign();
    await client.campaignAction(id, 'end');
    const outcome = await client.uploadCases(id, bodyOf(1, 'X'));
    expect(outcome).toEqual({ kind: 'refused', error: expect.stringContaining('closed') });
  });

  it("403 forbidden for another user's campaign, 404 not-found for a missing one", async () => {
    const { id } = await freshCampaign();
    const other = await connect(base(), OTHER_USER);
    expect(await other.client.uploadCases(id, bodyOf(1, 'O'))).toEqual({ kind: 'forbidden' });
    expect(await other.client.uploadCases(999_999, bodyOf(1, 'O'))).toEqual({ kind: 'not-found', detail: 'Campaign not found.' });
  });

  it("413 too-large over the service's body limit", async () => {
    const { client, id } = await freshCampaign();
    await control(base(), 'faults', { body_limit: 2000 });
    try {
      expect(await client.uploadCases(id, bodyOf(20, 'G'))).toEqual({ kind: 'too-large' });
      expect(await client.uploadCases(id, bodyOf(1, 'G'))).toMatchObject({ kind: 'loaded' });
    } finally {
      await control(base(), 'reset');
    }
  });

  it('500 server-error, with nothing loaded', async () => {
    const { client, id } = await freshCampaign();
    await control(base(), 'faults', { fail_upload: [1] });
    expect(await client.uploadCases(id, bodyOf(2, 'F'))).toEqual({ kind: 'server-error', message: expect.any(String), errors: '' });
    expect((await client.campaign(id)).case_stats.q_loaded_cases).toBe(0);
  });

  it('a dropped connection throws an ambiguous ServiceError: the cases may be loaded (and here they are)', async () => {
    const { client, id } = await freshCampaign();
    await control(base(), 'faults', { drop_upload: [1] });
    const error = await client.uploadCases(id, bodyOf(3, 'P')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ kind: 'offline', ambiguous: true, method: 'PUT', path: `/api/v2/create_campaign/${id}/` });
    expect((await client.campaign(id)).case_stats.q_loaded_cases).toBe(3);
  });

  it('a 401 on upload is refreshed and the body sent once more, loading the cases once', async () => {
    const { client, id, requests } = await freshCampaign();
    await control(base(), 'expire-tokens', { access: true });
    expect(await client.uploadCases(id, bodyOf(4, 'R'))).toMatchObject({ kind: 'loaded' });
    expect(requests.count('/auth/token/refresh/')).toBe(1);
    expect((await client.campaign(id)).case_stats.q_loaded_cases).toBe(4);
  });
});

// What the Sync card says an upload will set going, from the state it knows: a PAUSED or SCHEDULED
// campaign starts when loaded, a drafted one is created and started, one already calling is just loaded.
import { describe, expect, it } from 'vitest';
import { startNoticeKey, startNotices } from '../../../../src-renderer/src/components/sync/upload-start';
import texts from '../../../../src-renderer/src/i18n/messages/sync';

describe('startNotices', () => {
  it('says a PAUSED or SCHEDULED campaign starts when its cases are loaded', () => {
    expect(startNotices({ campaignId: 7, status: 'PAUSED', draftName: null })).toEqual([
      { code: 'campaign.upload_starts', params: { campaignId: 7, status: 'PAUSED' } },
    ]);
    expect(startNotices({ campaignId: 7, status: 'SCHEDULED', draftName: null }).map((n) => n.code)).toEqual(['campaign.upload_starts']);
  });

  it('says nothing of a campaign already calling, closed, or whose state is not known', () => {
    for (const status of ['ONGOING', 'CLOSED', 'SOMETHING_NEW', null]) expect(startNotices({ campaignId: 7, status, draftName: null })).toEqual([]);
  });

  it('says a drafted campaign is created and started; nothing without a target', () => {
    expect(startNotices({ campaignId: null, status: null, draftName: 'Mora' })).toEqual([{ code: 'campaign.upload_starts_draft', params: { name: 'Mora' } }]);
    expect(startNotices({ campaignId: null, status: null, draftName: null })).toEqual([]);
  });

  it('has the screen words of each notice in both languages', () => {
    for (const notice of [
      ...startNotices({ campaignId: 1, status: 'PAUSED', draftName: null }),
      ...startNotices({ campaignId: null, status: null, draftName: 'x' }),
    ]) {
      const [, ...path] = startNoticeKey(notice).split('.');
      const entry = path.reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], texts) as { en: string; es: string };
      expect(entry.es).toMatch(/empieza a llamar/);
      expect(entry.en).toMatch(/begins calling/);
    }
  });
});

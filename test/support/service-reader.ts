// Reading an emulator's state over HTTP as a test needs it: whole lists, the campaign, and simulated time.
import { expect } from 'vitest';
import { Campaign, CampaignCasesPage, CallsPage, paths, type Call, type CampaignCase } from '../../src-main/contract';
import type { RunningEmulator } from '../../src-main/emulator';
import { http } from './emulator';

export function serviceReader(emulator: () => RunningEmulator, token: () => string) {
  const url = (path: string) => `${emulator().url}${path}`;
  return {
    url,
    /** Runs the dialing simulation forward. */
    async advance(seconds: number): Promise<void> {
      const res = await http(url('/__control/advance'), { body: { seconds } });
      expect(res.status, res.text).toBe(200);
    },
    async campaign(id: number): Promise<Campaign> {
      return Campaign.parse((await http(url(paths.campaign(id)), { token: token() })).json);
    },
    /** Every case of a campaign (one page of up to 1,000). */
    async cases(campaignId: number): Promise<CampaignCase[]> {
      const page = CampaignCasesPage.parse((await http(url(`${paths.campaignCases(campaignId)}?limit=1000`), { token: token() })).json);
      expect(page.results.length).toBe(page.count);
      return page.results;
    },
    async calls(campaignId: number, caseId: number): Promise<Call[]> {
      const page = CallsPage.parse((await http(url(`${paths.caseCalls(campaignId, caseId)}?limit=1000`), { token: token() })).json);
      expect(page.results.length).toBe(page.count);
      return page.results;
    },
    /** Ends every campaign still open, so later advances stay cheap and counts stay per test. */
    async endOpenCampaigns(): Promise<void> {
      const open = emulator().core.db.prepare("SELECT id FROM campaigns WHERE status <> 'CLOSED'").all() as { id: number }[];
      for (const { id } of open) await http(url(paths.campaignAction(id, 'end')), { token: token(), method: 'POST' });
    },
  };
}

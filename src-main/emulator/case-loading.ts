// Loading an upload body into a campaign: every rule of the spec, one verdict per case.
import { ruleViolationText, uploadRuleViolations } from '../contract';
import { afterCasesLoaded, type CampaignCore, type CampaignRow } from './campaigns';
import { isoUtc } from './sim-clock';

export interface LoadOutcome {
  loaded: number;
  /** [case code, detail] in body order. */
  rejected: [string, string][];
}

/**
 * Loads the valid cases of `body` (already parsed JSON, an object keyed by case code).
 * A code loaded earlier is loaded again as a new case, as a real service would: that is the
 * double-call harm a client must avoid, and tests count it.
 */
export function loadCases(core: CampaignCore, campaign: CampaignRow, body: Record<string, unknown>): LoadOutcome {
  const insert = core.db.prepare(
    `INSERT INTO cases (campaign_id, code, first_name, last_name, phones, products, params, last_updated)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const now = isoUtc(core.clock.now());
  const rejected: [string, string][] = [];
  let loaded = 0;
  core.db.transaction(() => {
    for (const [code, entry] of Object.entries(body)) {
      const violations = uploadRuleViolations(entry, campaign.max_phone_priority);
      if (violations.length > 0) {
        rejected.push([code, violations.map(ruleViolationText).join('; ')]);
        continue;
      }
      const c = entry as { first_name: string; last_name: string; phone_settings: { phone_list: string[] }; products: unknown[]; params: object };
      insert.run(
        campaign.id,
        code,
        c.first_name,
        c.last_name,
        JSON.stringify(c.phone_settings.phone_list),
        JSON.stringify(c.products),
        JSON.stringify(c.params),
        now,
      );
      loaded += 1;
    }
    if (loaded > 0) afterCasesLoaded(core, campaign);
  })();
  return { loaded, rejected };
}

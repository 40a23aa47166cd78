// What a results row shows of a campaign case.
import type { CampaignCase } from '../../../../src-main/contract';

export function caseName(item: CampaignCase): string {
  const first = typeof item.params.first_name === 'string' ? item.params.first_name : '';
  const last = typeof item.params.last_name === 'string' ? item.params.last_name : '';
  return `${first} ${last}`.trim();
}

/** The service's own promise flag when it gives one; null when it says nothing. */
export function casePromise(item: CampaignCase): boolean | null {
  return typeof item.params.got_promise === 'boolean' ? item.params.got_promise : null;
}

// The inbound calls (a debtor who called the bots): downloaded from the service into this machine's
// store, with their recordings, then read from it a page at a time (offline too).
import { defineStore } from 'pinia';
import type { ProcedureInput, SurfaceEvents } from '../../../src-main/surface/procedures';
import { call, onEvent } from '../api/casedesk';

/** Which calls: of one bot, from and to a day. */
export type InboundFilter = Omit<ProcedureInput<'inbound:cases'>, 'offset' | 'limit'>;
export type InboundDownload = ProcedureInput<'inbound:download'>;

export const useInboundStore = defineStore('inbound', () => {
  const cases = (filter: InboundFilter, offset: number, limit: number) => call('inbound:cases', { ...filter, offset, limit });
  /** Fetches the filter's calls from the service, their recordings too when asked (stopped by downloads:cancel). */
  const download = (input: InboundDownload) => call('inbound:download', input);
  /** How every download goes, as it goes (the inbound one says `what: 'inbound'`); the answer stops listening. */
  const onDownloadProgress = (listener: (progress: SurfaceEvents['download:progress']) => void) => onEvent('download:progress', listener);

  return { cases, download, onDownloadProgress };
});

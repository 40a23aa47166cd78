// The do-not-contact list: this machine's own entries and the organization's shared list, searched and
// paged (it may hold millions of entries, never all loaded); adding, removing and importing entries.
import { defineStore } from 'pinia';
import type { ProcedureInput } from '../../../src-main/surface/procedures';
import { call } from '../api/casedesk';
import { receiveFile } from '../composables/picked-files';

/** Which page, of the entries matching a search (a phone written any way, its first digits, a code). */
export type LedgerPage = ProcedureInput<'ledger:list'>;
/** One phone or one case code, why, until when and for which creditor. */
export type LedgerEntryInput = ProcedureInput<'ledger:add'>;

export const useLedgerStore = defineStore('ledger', () => {
  const list = (page: LedgerPage) => call('ledger:list', page);
  /** Adds an entry, or replaces the one of the same value and creditor (`created` says which). */
  const add = (entry: LedgerEntryInput) => call('ledger:add', entry);
  /** Removes an own entry; `released` counts the cases it held back that may be called again. */
  const remove = (id: number) => call('ledger:remove', { id });
  /** A list from a spreadsheet the agent picked: handed to the surface, then read into the list. */
  async function importFile(file: File) {
    const { fileId } = await receiveFile(file);
    return call('ledger:import', { fileId });
  }

  return { list, add, remove, importFile };
});

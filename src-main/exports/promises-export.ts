// The promises to pay a campaign got, as a workbook for the creditor: who, how much, for when, and the
// call to listen to. Read from the stored results only, so it works offline after a download.
import { existsSync } from 'node:fs';
import type { Environment } from '../domain/environments';
import { promisesOf, type PromiseListItem } from '../results/campaign-summary';
import { eachResultCaseWithCalls, getCampaign, getRecording, type Store } from '../store';
import { ResultsNotStoredError } from './results-export';
import { workbookBytes, type SheetData } from './xlsx-writer';

export const PROMISES_SHEET = 'Promesas de pago';
export const PROMISE_HEADERS = [
  'Código',
  'Nombre',
  'Apellido',
  'Resultado',
  'Deuda',
  'Monto prometido',
  'Fecha comprometida',
  'Compromiso',
  'ID de llamada',
  'Fecha de la llamada',
  'Grabación',
] as const;

/** The stored promises of a campaign; throws ResultsNotStoredError when nothing of it was downloaded. */
export function campaignPromises(store: Store, environment: Environment, campaignId: number): PromiseListItem[] {
  let any = false;
  const items = promisesOf(
    (function* () {
      for (const item of eachResultCaseWithCalls(store.db, environment, campaignId)) {
        any = true;
        yield item;
      }
    })(),
  );
  if (!any && !getCampaign(store.db, environment, campaignId)) throw new ResultsNotStoredError(environment, campaignId);
  return items;
}

export function promisesSheets(store: Store, environment: Environment, items: readonly PromiseListItem[]): SheetData[] {
  const rows: unknown[][] = [[...PROMISE_HEADERS]];
  for (const p of items) {
    const recording = p.callId === null ? null : getRecording(store.db, environment, 'outbound', p.callId);
    rows.push([
      p.code ?? '',
      p.firstName,
      p.lastName,
      p.resultName,
      p.debt,
      // Numbers, so the creditor's spreadsheet can add them up.
      p.amount === null ? null : Number(p.amount),
      p.date ?? '',
      p.commitment,
      p.callId,
      p.callAt ?? '',
      recording && existsSync(recording.path) ? recording.path : '',
    ]);
  }
  return [{ name: PROMISES_SHEET, rows }];
}

/** The promises workbook as .xlsx bytes, built in memory (debtor data never in a temporary file). */
export async function campaignPromisesBytes(store: Store, environment: Environment, campaignId: number): Promise<{ bytes: Buffer; count: number }> {
  const items = campaignPromises(store, environment, campaignId);
  return { bytes: await workbookBytes(promisesSheets(store, environment, items)), count: items.length };
}

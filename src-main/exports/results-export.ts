// The results of a campaign as a workbook the agent sends back to the creditor: one sheet of cases,
// one of calls with their transcripts. Read from the store only, so it works offline after a download.
import { Failure } from '../domain/failures/failure';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Call, CampaignCase } from '../contract';
import type { Environment } from '../domain/environments';
import { getCampaign, getRecording, listCalls, pageResultCases, type Store } from '../store';
import { argentineDateTime, workbookBytes, type SheetData } from './xlsx-writer';
import { writePrivateExport } from './private-export';
import { caseFigures } from '../results/case-figures';
import { stateWordIn } from '../domain/service-words';

export const CASES_SHEET = 'Casos';
export const CALLS_SHEET = 'Llamadas';

export const CASE_HEADERS = ['Código', 'Nombre', 'Apellido', 'Resultado', 'Final', 'Promesa de pago', 'Compromiso', 'Intentos', 'Duración'] as const;
export const CALL_HEADERS = [
  'Código del caso',
  'ID de llamada',
  'Teléfono',
  'Resultado',
  'Estado en la central',
  'Duración',
  'Promesa de pago',
  'Compromiso',
  'Fecha',
  'Transcripción',
  'Grabación descargada',
] as const;

/** A transcript longer than this is cut (Excel keeps at most 32,767 characters in a cell). */
export const TRANSCRIPT_MAX_CHARS = 32_000;

/** Nothing of that campaign was ever downloaded to this machine. */
export class ResultsNotStoredError extends Failure<'results.not_stored'> {
  constructor(environment: Environment, campaignId: number) {
    super('results.not_stored', { campaignId, environment });
    this.name = 'ResultsNotStoredError';
  }
}

export interface ResultsWorkbook {
  sheets: SheetData[];
  cases: number;
  calls: number;
  /** Calls whose row names a downloaded recording. */
  recordings: number;
}

export interface ResultsExportSummary {
  file: string;
  cases: number;
  calls: number;
  /** Calls whose row names a downloaded recording. */
  recordings: number;
}

const PAGE = 500;
const yesNo = (value: boolean) => (value ? 'Sí' : 'No');

interface Line {
  text?: unknown;
}

const lines = (value: unknown): Line[] => (Array.isArray(value) ? (value as unknown[]).filter((l): l is Line => typeof l === 'object' && l !== null) : []);
const textOf = (line: Line) => (typeof line.text === 'string' ? line.text.trim() : '');
const SPEAKER = /^(BOT|CLIENTE)\s*:/i;

/**
 * One text for the whole conversation: "BOT: … / CLIENTE: …", in the order of `transcription`.
 * A line that already names its speaker keeps it; otherwise a line found among `responses` (what the
 * debtor said) is the debtor's and any other the bot's. Cut to TRANSCRIPT_MAX_CHARS.
 */
export function transcriptText(data: Partial<Call['data']> | undefined): string {
  const debtorSaid = new Set(lines(data?.responses).map(textOf));
  const spoken = lines(data?.transcription);
  const parts = (spoken.length > 0 ? spoken : lines(data?.responses))
    .map(textOf)
    .filter((text) => text !== '')
    .map((text) => (SPEAKER.test(text) ? text : `${spoken.length === 0 || debtorSaid.has(text) ? 'CLIENTE' : 'BOT'}: ${text}`));
  const whole = parts.join(' / ');
  return whole.length > TRANSCRIPT_MAX_CHARS ? `${whole.slice(0, TRANSCRIPT_MAX_CHARS - 1)}…` : whole;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A call's state in the creditor's Spanish; a code not known yet keeps its code beside "Otro estado". */
export const stateCell = (value: unknown): string => stateWordIn('es', text(value));

function caseRow(found: CampaignCase, calls: readonly Call[]): unknown[] {
  const params = found.params ?? {};
  // The creditor's sheet says what the screen says: promise and attempts as case-figures.ts counts them.
  const figures = caseFigures(found, calls);
  const commitment = text(params.commitment) || text([...calls].reverse().find((c) => text(c.data?.commitment) !== '')?.data.commitment);
  return [
    text(params.code),
    text(params.first_name),
    text(params.last_name),
    text(found.case_result?.name),
    yesNo(found.case_result?.is_final === true),
    yesNo(figures.promised),
    commitment,
    figures.attempts,
    text(found.call_duration),
  ];
}

/**
 * The sheets of the stored results of `campaignId` in `environment`. Throws ResultsNotStoredError when
 * nothing of that campaign was ever downloaded.
 */
export function campaignResultsSheets(store: Store, environment: Environment, campaignId: number): ResultsWorkbook {
  const cases: unknown[][] = [[...CASE_HEADERS]];
  const calls: unknown[][] = [[...CALL_HEADERS]];
  let recordings = 0;
  for (let offset = 0; ; offset += PAGE) {
    const page = pageResultCases(store.db, environment, campaignId, offset, PAGE);
    for (const found of page) {
      const ofCase = listCalls(store.db, environment, campaignId, found.id);
      cases.push(caseRow(found, ofCase));
      for (const call of ofCase) {
        const recording = getRecording(store.db, environment, 'outbound', call.id);
        // Said, not pointed to: a path on this computer means nothing to the creditor (and names its user).
        const downloaded = recording !== null && recording !== undefined && existsSync(recording.path);
        if (downloaded) recordings += 1;
        calls.push([
          text(found.params?.code),
          call.id,
          text(call.phone),
          stateCell(call.result),
          stateCell(call.gateway_status),
          text(call.duration),
          yesNo(call.data?.got_promise === true),
          text(call.data?.commitment),
          argentineDateTime(text(call.last_updated)),
          transcriptText(call.data),
          yesNo(downloaded),
        ]);
      }
    }
    if (page.length < PAGE) break;
  }
  if (cases.length === 1 && !getCampaign(store.db, environment, campaignId)) throw new ResultsNotStoredError(environment, campaignId);
  const sheets = [
    { name: CASES_SHEET, rows: cases },
    { name: CALLS_SHEET, rows: calls },
  ];
  return { sheets, cases: cases.length - 1, calls: calls.length - 1, recordings };
}

/** The results workbook as .xlsx bytes, built in memory: for the renderer to save where the agent says. */
export function campaignResultsBytes(store: Store, environment: Environment, campaignId: number): Promise<Buffer> {
  return workbookBytes(campaignResultsSheets(store, environment, campaignId).sheets);
}

/**
 * Writes the results workbook to `file` (the CLI's --out, a path the user gave in their own shell)
 * with `write`: the CLI's refuses a file already there without --force; by default it is replaced.
 */
export async function exportCampaignResults(
  store: Store,
  environment: Environment,
  campaignId: number,
  file: string,
  write: (file: string, bytes: Uint8Array) => Promise<void> = (to, bytes) => writePrivateExport(resolve(to), bytes, { replace: true }),
): Promise<ResultsExportSummary> {
  const { sheets, ...counts } = campaignResultsSheets(store, environment, campaignId);
  await write(file, await workbookBytes(sheets));
  return { file, ...counts };
}

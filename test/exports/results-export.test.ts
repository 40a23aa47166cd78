// The results workbook the agent sends back to the creditor, written from the store alone: the
// emulator is stopped before anything is exported.
import * as XLSX from '@e965/xlsx';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Call, CampaignCase } from '../../src-main/contract';
import { startEmulator } from '../../src-main/emulator';
import {
  CALL_HEADERS,
  CALLS_SHEET,
  CASE_HEADERS,
  CASES_SHEET,
  exportCampaignResults,
  stateCell,
  TRANSCRIPT_MAX_CHARS,
  transcriptText,
} from '../../src-main/exports/results-export';
import { CALL_STATE_WORDS } from '../../src-main/domain/service-words';
import { getRecording, listCalls, openStore, pageResultCases, saveCalls, saveResultCases, type Store } from '../../src-main/store';
import { downloadCampaignResults } from '../../src-main/sync/results-download';
import { connect, dialedCampaign } from '../client/helpers';
import { TEST_STORE_KEY } from '../support/store-key';

const ENV = 'test' as const;
let root = '';
let store: Store;
let campaignId = 0;
let stored: { cases: CampaignCase[]; calls: Map<number, Call[]> };

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'casedesk-export-'));
  store = openStore(join(root, 'data'), TEST_STORE_KEY);
  const emulator = await startEmulator({ tickMs: 0, faults: true, speed: 1 });
  try {
    const { client } = await connect(emulator.url);
    campaignId = await dialedCampaign(emulator.url, client, 8);
    await downloadCampaignResults({ store, client, environment: ENV }, campaignId, { recordingsDir: join(root, 'recordings') });
  } finally {
    // Everything below works offline.
    await emulator.close();
  }
  const cases = pageResultCases(store.db, ENV, campaignId, 0, 100);
  stored = { cases, calls: new Map(cases.map((c) => [c.id, listCalls(store.db, ENV, campaignId, c.id)])) };
});
afterAll(async () => {
  store.close();
  await rm(root, { recursive: true, force: true });
});

async function readBook(file: string) {
  const book = XLSX.read(await readFile(file), { type: 'buffer', cellNF: true });
  const rows = (name: string) => {
    const sheet = book.Sheets[name];
    if (!sheet) throw new Error(`no sheet ${name}`);
    return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '' });
  };
  return { book, rows };
}

describe('exporting campaign results', () => {
  it('writes the Casos and Llamadas sheets with Spanish headers, one row per case and per call', async () => {
    const file = join(root, 'resultados.xlsx');
    const totalCalls = [...stored.calls.values()].reduce((sum, calls) => sum + calls.length, 0);
    expect(totalCalls).toBeGreaterThan(8);

    const summary = await exportCampaignResults(store, ENV, campaignId, file);
    expect(summary).toEqual({ file, cases: 8, calls: totalCalls, recordings: totalCalls });

    const { book, rows } = await readBook(file);
    expect(book.SheetNames).toEqual([CASES_SHEET, CALLS_SHEET]);
    expect(rows(CASES_SHEET)[0]).toEqual(['Código', 'Nombre', 'Apellido', 'Resultado', 'Final', 'Promesa de pago', 'Compromiso', 'Intentos', 'Duración']);
    expect(rows(CASES_SHEET)[0]).toEqual([...CASE_HEADERS]);
    expect(rows(CALLS_SHEET)[0]).toEqual([...CALL_HEADERS]);
    expect(rows(CASES_SHEET)).toHaveLength(1 + 8);
    expect(rows(CALLS_SHEET)).toHaveLength(1 + totalCalls);

    // A known case: the first one uploaded, "D0" (María González).
    const first = stored.cases.find((c) => c.params.code === 'D0');
    if (!first) throw new Error('case D0 was not downloaded');
    const caseRow = rows(CASES_SHEET).find((r) => r[0] === 'D0');
    expect(caseRow).toEqual([
      'D0',
      'María',
      'González',
      first.case_result.name,
      first.case_result.is_final ? 'Sí' : 'No',
      first.params.got_promise ? 'Sí' : 'No',
      first.params.commitment ?? '',
      first.call_count,
      first.call_duration,
    ]);

    // Its first call, with the whole conversation in one cell, its time a real date on Argentina's
    // clock, and whether its recording was downloaded (never a path on this computer).
    const call = stored.calls.get(first.id)?.[0];
    if (!call) throw new Error('case D0 has no call');
    const callRows = rows(CALLS_SHEET);
    const callRow = callRows.find((r) => r[1] === call.id);
    expect(callRow).toEqual([
      'D0',
      call.id,
      call.phone,
      CALL_STATE_WORDS[call.result as keyof typeof CALL_STATE_WORDS].es,
      CALL_STATE_WORDS[call.gateway_status as keyof typeof CALL_STATE_WORDS].es,
      call.duration,
      call.data.got_promise ? 'Sí' : 'No',
      call.data.commitment,
      // Read back as a date: Argentina's wall clock (UTC−3), to the second.
      expect.any(Date),
      call.data.transcription.map((u) => u.text).join(' / '),
      getRecording(store.db, ENV, 'outbound', call.id) ? 'Sí' : 'No',
    ]);
    const dateCell = book.Sheets[CALLS_SHEET]?.[`I${callRows.indexOf(callRow!) + 1}`] as { z?: string } | undefined;
    expect(dateCell?.z).toBe('dd/mm/yyyy hh:mm');
    expect(Math.abs((callRow?.[8] as Date).getTime() - (Date.parse(call.last_updated) - 3 * 3_600_000))).toBeLessThan(1000);
    expect(JSON.stringify(rows(CALLS_SHEET))).not.toContain(root);
    // The creditor reads words, never the service's codes (ANSWERED, NO_ANSWER).
    for (const r of callRows.slice(1)) expect([r[3], r[4]]).not.toContainEqual(expect.stringMatching(/^[A-Z_]+$/));
    const answered = [...stored.calls.values()].flat().find((c) => c.data.transcription.length > 0);
    const answeredRow = rows(CALLS_SHEET).find((r) => r[1] === answered?.id);
    expect(String(answeredRow?.[9])).toMatch(/^BOT: .+ \/ CLIENTE: /);
  });

  it('neutralizes a name or a transcript that starts like a formula', async () => {
    const [target] = stored.cases;
    const call = target && stored.calls.get(target.id)?.[0];
    if (!target || !call) throw new Error('no case with a call');
    saveResultCases(store.db, ENV, campaignId, [
      { ...target, params: { ...target.params, code: '+C-1', first_name: '=HYPERLINK("http://example.com","ver")', last_name: '@SUM(A1)' } },
    ]);
    saveCalls(store.db, ENV, campaignId, target.id, [
      { ...call, data: { ...call.data, transcription: [{ text: '=1+1', confidence: 1, time: 0 }], responses: [] } },
    ]);
    try {
      const file = join(root, 'inyeccion.xlsx');
      await exportCampaignResults(store, ENV, campaignId, file);
      const { book, rows } = await readBook(file);
      const caseRow = rows(CASES_SHEET).find((r) => r[0] === "'+C-1");
      expect(caseRow?.slice(0, 3)).toEqual(["'+C-1", '\'=HYPERLINK("http://example.com","ver")', "'@SUM(A1)"]);
      const callRow = rows(CALLS_SHEET).find((r) => r[1] === call.id);
      expect(callRow?.[0]).toBe("'+C-1");
      expect(callRow?.[9]).toBe('BOT: =1+1');
      // Nothing in either sheet is a formula.
      for (const sheet of Object.values(book.Sheets)) {
        for (const [key, cell] of Object.entries(sheet)) if (!key.startsWith('!')) expect((cell as XLSX.CellObject).f, key).toBeUndefined();
      }
    } finally {
      saveResultCases(store.db, ENV, campaignId, [target]);
      saveCalls(store.db, ENV, campaignId, target.id, [call]);
    }
  });

  it('counts the attempts of a case read before its listed call ended as the screen does, never 0 beside a call', async () => {
    const target = stored.cases.find((c) => (stored.calls.get(c.id)?.length ?? 0) > 0);
    if (!target) throw new Error('no case with a call');
    saveResultCases(store.db, ENV, campaignId, [{ ...target, call_count: 0 }]);
    try {
      const file = join(root, 'intentos.xlsx');
      await exportCampaignResults(store, ENV, campaignId, file);
      const { rows } = await readBook(file);
      const caseRow = rows(CASES_SHEET).find((r) => r[0] === target.params.code);
      expect(caseRow?.[7]).toBe(stored.calls.get(target.id)?.length);
    } finally {
      saveResultCases(store.db, ENV, campaignId, [target]);
    }
  });

  it('refuses a campaign that was never downloaded', async () => {
    await expect(exportCampaignResults(store, ENV, 424_242, join(root, 'nada.xlsx'))).rejects.toMatchObject({
      code: 'results.not_stored',
      params: { campaignId: 424_242, environment: ENV },
    });
    await expect(exportCampaignResults(store, 'production', campaignId, join(root, 'nada.xlsx'))).rejects.toMatchObject({
      code: 'results.not_stored',
      params: { campaignId, environment: 'production' },
    });
  });
});

describe('transcriptText', () => {
  const u = (text: string, time = 0) => ({ text, confidence: 1, time });

  it('keeps speaker labels the service gave, and names the speaker of a line without one', () => {
    expect(transcriptText({ transcription: [u('BOT: Hola'), u('CLIENTE: Sí')], responses: [u('Sí')] })).toBe('BOT: Hola / CLIENTE: Sí');
    expect(transcriptText({ transcription: [u('Buenos días'), u('Soy yo'), u('Gracias')], responses: [u('Soy yo')] })).toBe(
      'BOT: Buenos días / CLIENTE: Soy yo / BOT: Gracias',
    );
    expect(transcriptText({ transcription: [], responses: [u('Pago el lunes')] })).toBe('CLIENTE: Pago el lunes');
    expect(transcriptText({ transcription: [], responses: [] })).toBe('');
    expect(transcriptText(undefined)).toBe('');
  });

  it(`cuts a long conversation to ${TRANSCRIPT_MAX_CHARS} characters`, () => {
    const long = transcriptText({
      transcription: Array.from({ length: 2_000 }, (_, i) => u(`BOT: frase número ${i} de una conversación larguísima`)),
      responses: [],
    });
    expect(long).toHaveLength(TRANSCRIPT_MAX_CHARS);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('stateCell', () => {
  it("writes a call's state in Spanish, keeps a code not known yet beside «Otro estado», and the service's own words as they are", () => {
    expect(stateCell('ANSWERED')).toBe('Atendida');
    expect(stateCell('NO_ANSWER')).toBe('No contesta');
    expect(stateCell('COMPLETED')).toBe('Completada');
    expect(stateCell('RINGING_LONG')).toBe('Otro estado (RINGING_LONG)');
    expect(stateCell('Atendió la hija')).toBe('Atendió la hija');
    expect(stateCell('')).toBe('');
    expect(stateCell(undefined)).toBe('');
  });
});

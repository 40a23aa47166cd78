// The prepare wizard's decisions: what its steps show and what batches:prepare is sent.
import { describe, expect, it } from 'vitest';
import type { MappingFile } from '../../../../src-main/domain/mapping-file';
import type { PrepareSummary } from '../../../../src-main/preparation/preparation-types';
import type { MappingProblem, Target } from '../../../../src-renderer/src/components/prepare/mapping-form';
import {
  mappingSourceText,
  mappingVerdict,
  missingFields,
  prepareInput,
  problemText,
  summaryTiles,
  targetMissing,
  type PrepareChoices,
} from '../../../../src-renderer/src/components/prepare/wizard';
import { i18n } from '../../../../src-renderer/src/i18n';

/** A translator that shows which key and values it was given. */
const t = (key: string, params?: Record<string, unknown>) => (params ? `${key}${JSON.stringify(params)}` : key);

const summary = (over: Partial<PrepareSummary> = {}): PrepareSummary => ({
  batchId: 7,
  cases: 10,
  ready: 8,
  rejected: 0,
  warnings: 0,
  fixes: 3,
  rowErrors: 0,
  rows: 10,
  sheet: 'Hoja1',
  headerRow: 1,
  mappingSource: 'suggested',
  suppressed: { cases: 0, phones: 0 },
  duplicates: 0,
  notices: [],
  ...over,
});

describe('the mapping problems', () => {
  it('word a missing field by its own name, every named kind by its key, any other by the catalog', () => {
    expect(problemText({ kind: 'missing', field: 'debt' }, t)).toBe('prepare.problem.missing{"field":"prepare.mapping.fields.debt"}');
    expect(problemText({ kind: 'names' }, t)).toBe('prepare.problem.names');
    expect(problemText({ kind: 'phones' }, t)).toBe('prepare.problem.phones');
    expect(problemText({ kind: 'area-code' }, t)).toBe('prepare.problem.areaCode');
    expect(problemText({ kind: 'param-key', header: 'Nro' }, t)).toBe('prepare.problem.paramKey{"header":"Nro"}');
    expect(problemText({ kind: 'param-key-repeated', key: 'nro' }, t)).toBe('prepare.problem.paramKeyRepeated{"key":"nro"}');
    // Any other kind is an input's problem, worded by the failure catalog (test/renderer/mapping-form.test.ts).
    i18n.global.locale.value = 'es';
    expect(problemText({ kind: 'other', problem: { path: 'header_row', problem: 'other', params: {} } }, t)).toBe('Dato no válido en header_row: no es válido');
  });

  it('mark the missing fields and groups for the editor, and nothing for a key problem', () => {
    const problems: MappingProblem[] = [
      { kind: 'missing', field: 'code' },
      { kind: 'names' },
      { kind: 'phones' },
      { kind: 'area-code' },
      { kind: 'param-key', header: 'X' },
    ];
    expect([...missingFields(problems)].sort()).toEqual(['area-code', 'code', 'names', 'phones']);
    expect(missingFields([]).size).toBe(0);
  });
});

describe('the target', () => {
  const target = (over: Partial<Target>): Target => ({ mode: 'priority', maxPhonePriority: null, botId: null, campaignId: null, ...over });
  it('is missing until a new campaign has its phone priority or an existing campaign is picked', () => {
    expect(targetMissing(target({}))).toBe(true);
    expect(targetMissing(target({ maxPhonePriority: 0 }))).toBe(false);
    expect(targetMissing(target({ mode: 'campaign', maxPhonePriority: 3 }))).toBe(true);
    expect(targetMissing(target({ mode: 'campaign', botId: 1, campaignId: 101 }))).toBe(false);
  });
});

describe('the mapping and the target judged together', () => {
  const target = (over: Partial<Target>): Target => ({ mode: 'priority', maxPhonePriority: 2, botId: null, campaignId: null, ...over });
  const mapping = { columns: {} } as unknown as MappingFile;

  it('is ready with a mapping and a target, with nothing to say or mark', () => {
    const verdict = mappingVerdict({ mapping, problems: [] }, target({}), t);
    expect(verdict).toEqual({ problems: [], missing: new Set(), ready: true });
  });

  it("says the mapping's problems, then the missing target's, and marks only the mapping's fields", () => {
    const verdict = mappingVerdict(
      { mapping: null, problems: [{ kind: 'missing', field: 'code' }, { kind: 'phones' }] },
      target({ maxPhonePriority: null }),
      t,
    );
    expect(verdict.problems).toEqual(['prepare.problem.missing{"field":"prepare.mapping.fields.code"}', 'prepare.problem.phones', 'prepare.problem.target']);
    expect([...verdict.missing].sort()).toEqual(['code', 'phones']);
    expect(verdict.ready).toBe(false);
  });

  it('is not ready while the target is missing, even with a whole mapping', () => {
    const verdict = mappingVerdict({ mapping, problems: [] }, target({ mode: 'campaign' }), t);
    expect(verdict).toEqual({ problems: ['prepare.problem.target'], missing: new Set(), ready: false });
  });
});

describe("the review's words for whose columns are used", () => {
  it('says a mapping sent is saved under the creditor named, or only chosen without one', () => {
    expect(mappingSourceText({ sendsMapping: true, creditor: ' Banco Sur ', template: { creditor: 'Otro' } }, t)).toBe(
      'prepare.review.sourceSaved{"creditor":"Banco Sur"}',
    );
    expect(mappingSourceText({ sendsMapping: true, creditor: '  ', template: null }, t)).toBe('prepare.review.sourceChosen');
  });

  it("says a mapping not sent is the creditor's template, or else the suggestion", () => {
    expect(mappingSourceText({ sendsMapping: false, creditor: '', template: { creditor: 'Banco Sur' } }, t)).toBe(
      'prepare.review.sourceTemplate{"creditor":"Banco Sur"}',
    );
    expect(mappingSourceText({ sendsMapping: false, creditor: '', template: null }, t)).toBe('prepare.review.sourceSuggested');
  });
});

describe('the summary tiles', () => {
  it('colour a count only when it asks for attention, and leave the do-not-contact tiles out when it kept nothing out', () => {
    expect(summaryTiles(summary()).map((tile) => [tile.key, tile.value, tile.tone])).toEqual([
      ['cases', 10, 'plain'],
      ['ready', 8, 'good'],
      ['rejected', 0, 'plain'],
      ['warnings', 0, 'plain'],
      ['fixes', 3, 'info'],
      ['rowErrors', 0, 'plain'],
    ]);
  });

  it('show rejected, warnings, row errors and what the do-not-contact list kept out', () => {
    const tiles = summaryTiles(summary({ rejected: 2, warnings: 1, rowErrors: 4, suppressed: { cases: 0, phones: 5 }, duplicates: 6 }));
    expect(Object.fromEntries(tiles.map((tile) => [tile.key, `${tile.value}:${tile.tone}`]))).toEqual({
      cases: '10:plain',
      ready: '8:good',
      rejected: '2:bad',
      warnings: '1:warn',
      fixes: '3:info',
      rowErrors: '4:warn',
      suppressed: '0:warn',
      suppressedPhones: '5:warn',
      duplicates: '6:warn',
    });
  });
});

describe('what batches:prepare is sent', () => {
  const mapping = { columns: {} } as unknown as MappingFile;
  const choices = (over: Partial<PrepareChoices> = {}): PrepareChoices => ({
    fileId: 'f'.repeat(43),
    fileName: 'cartera.marzo.xlsx',
    sheet: 'Hoja1',
    headerRow: 2,
    mapping,
    sendsMapping: true,
    creditor: '',
    target: { mode: 'priority', maxPhonePriority: 2, botId: null, campaignId: null },
    ...over,
  });

  it('names the template after the creditor, or else after the file without its extension', () => {
    expect(prepareInput(choices({ creditor: '  Banco Sur ' }))).toEqual({
      fileId: 'f'.repeat(43),
      sheet: 'Hoja1',
      headerRow: 2,
      mapping,
      creditor: 'Banco Sur',
      maxPhonePriority: 2,
    });
    expect(prepareInput(choices()).creditor).toBe('cartera.marzo');
  });

  it('sends no mapping the service would use anyway, and no empty sheet or header row', () => {
    expect(prepareInput(choices({ sendsMapping: false, sheet: '', headerRow: null }))).toEqual({ fileId: 'f'.repeat(43), maxPhonePriority: 2 });
  });

  it('sends the campaign picked instead of a phone priority', () => {
    const input = prepareInput(choices({ sendsMapping: false, target: { mode: 'campaign', maxPhonePriority: 2, botId: 1, campaignId: 101 } }));
    expect(input).toEqual({ fileId: 'f'.repeat(43), sheet: 'Hoja1', headerRow: 2, campaignId: 101 });
  });
});

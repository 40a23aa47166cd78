// The heap a file is prepared in: a text file's rows are split as they are built, so it gets a smaller
// heap (V8 grows a heap far past what it keeps when its limit is far); a workbook, SheetJS's room.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PREPARATION_WORKER_LIMITS, preparationLimitsFor, TEXT_PREPARATION_LIMITS } from '../../../src-main/preparation/worker/preparation-job';

const fixture = (name: string) => ({ name, bytes: new Uint8Array(readFileSync(join(import.meta.dirname, '../../fixtures/spreadsheets', name))) });

describe('preparationLimitsFor', () => {
  it('gives a CSV the text heap and a workbook the larger one', () => {
    expect(preparationLimitsFor(fixture('cartera-banco-del-sur.csv'))).toEqual({ maxOldGenerationSizeMb: 768 });
    expect(preparationLimitsFor(fixture('cartera-banco-del-sur.xlsx'))).toBe(PREPARATION_WORKER_LIMITS);
    expect(TEXT_PREPARATION_LIMITS.maxOldGenerationSizeMb).toBeLessThan(PREPARATION_WORKER_LIMITS.maxOldGenerationSizeMb ?? 0);
  });

  it('judges by the bytes, not the name: a workbook named .csv is a workbook', () => {
    expect(preparationLimitsFor({ ...fixture('cartera-banco-del-sur.xlsx'), name: 'cartera.csv' })).toBe(PREPARATION_WORKER_LIMITS);
  });
});

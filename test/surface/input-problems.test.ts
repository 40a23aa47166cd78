// Input the surface refuses is said as a code and its figures (input-problem.ts), worded in the
// agent's language by the catalog: no sentence of zod's (English) reaches the words of either edge.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatFailure, isFailureCode } from '../../src-main/domain/failures/failure';
import { NO_POLICY } from '../../src-main/policy/policy';
import { createAppContext } from '../../src-main/surface/app-context';
import { createSurface } from '../../src-main/surface/surface';

const dir = mkdtempSync(join(tmpdir(), 'casedesk-input-problems-'));
const ctx = createAppContext({ dataDir: dir, policy: NO_POLICY });
const surface = createSurface(ctx);
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

/** zod's own words, in any of its messages. */
const ZOD_ENGLISH = /Invalid|expected|received|Too (small|big)|Unrecognized|must match/i;

async function refusal(name: Parameters<typeof surface.call>[0], input: unknown) {
  const answer = await surface.call(name, input);
  if (answer.ok || !isFailureCode(answer.error.code)) throw new Error(`not refused: ${JSON.stringify(answer)}`);
  return { ...answer.error, code: answer.error.code, params: answer.error.params ?? {} };
}

describe('input the surface refuses', () => {
  it.each([
    [
      'a too long text',
      'files:receive',
      { name: 'x'.repeat(256), base64: '' },
      'name',
      'too_big',
      'Dato no válido en name: debe tener como máximo 255 carácter(es)',
    ],
    ['a missing field', 'ledger:remove', {}, 'id', 'missing', 'Dato no válido en id: falta'],
    ['a value of the wrong type', 'ledger:remove', { id: 'siete' }, 'id', 'type', 'Dato no válido en id: debe ser un número'],
    ['a number below its bound', 'ledger:remove', { id: 0 }, 'id', 'too_small', 'Dato no válido en id: debe ser mayor que 0'],
    [
      'a value not among the choices',
      'workstation:wipe',
      { confirmation: 'sí' },
      'confirmation',
      'choice',
      'Dato no válido en confirmation: debe ser uno de estos valores: BORRAR, WIPE',
    ],
    [
      'a date written otherwise',
      'ledger:add',
      { code: '1', until: '31/12/2026' },
      'until',
      'format',
      'Dato no válido en until: debe escribirse como una fecha AAAA-MM-DD',
    ],
    ['neither of two fields', 'campaigns:followup', { campaignId: 1 }, 'outcome', 'one_of', 'Dato no válido en outcome: necesita uno de: outcome, results'],
  ] as const)('says %s as a code, in Spanish without zod’s English', async (_, name, input, path, problem, spanish) => {
    const error = await refusal(name, input);
    expect(error).toMatchObject({ code: 'input.invalid', params: { path, problem } });
    const words = formatFailure('es', error.code, error.params);
    expect(words).toBe(spanish);
    expect(words).not.toMatch(ZOD_ENGLISH);
    // The English kept for logs and scripts is the catalog's too.
    expect(error.message).toBe(formatFailure('en', error.code, error.params));
    expect(error.message).not.toMatch(ZOD_ENGLISH);
  });

  it('words the whole input by its name when the problem is not one field’s', async () => {
    const error = await refusal('ledger:remove', null);
    expect(error).toMatchObject({ code: 'input.invalid', params: { path: 'id', problem: 'missing' } });
    const wrong = await refusal('ledger:remove', 'siete');
    expect(wrong).toMatchObject({ code: 'input.invalid', params: { path: 'input', problem: 'type', expected: 'object' } });
    expect(formatFailure('es', wrong.code, wrong.params)).toBe('Dato no válido en input: debe ser un objeto');
  });
});

describe('a dialing rule the campaign breaks', () => {
  const campaign = {
    botId: 101,
    name: 'Mora temprana',
    dialingType: 'VERTICAL',
    callFrom: '09:00',
    callTo: '18:00',
    minPhonePriority: 0,
    maxPhonePriority: 0,
  };
  it.each([
    [{ maxPhonePriority: 2 }, 'campaign.maxPhonePriority', 'vertical-same-priority', 'debe ser igual a minPhonePriority (0)'],
    [{ dialingType: 'HORIZONTAL_VERTICAL', minPhonePriority: 2, maxPhonePriority: 1 }, 'campaign.maxPhonePriority', 'max-below-min', 'debe ser al menos 2'],
    [{ callTo: '08:00' }, 'campaign.callTo', 'window-order', 'debe ser posterior a callFrom'],
  ])('%o is said by its rule and worded from the catalog, never the contract’s English', async (change, path, rule, spanish) => {
    for (const name of ['campaigns:create', 'batches:setCampaignDraft'] as const) {
      const input =
        name === 'campaigns:create' ? { environment: 'test', campaign: { ...campaign, ...change } } : { batchId: 1, campaign: { ...campaign, ...change } };
      const error = await refusal(name, input);
      expect(error).toMatchObject({ code: 'input.invalid', params: { path, rule } });
      expect(formatFailure('es', error.code, error.params)).toBe(`Dato no válido en ${path}: ${spanish}`);
      expect(error.message).toBe(formatFailure('en', error.code, error.params));
      expect(error.message).not.toMatch(/dialing needs|must not be below/);
    }
  });
});

// The handlers check an address before the store keeps it; both refuse it as the same code (url.*).
describe('a base URL the surface refuses', () => {
  it.each([
    ['environments:setBaseUrl', { environment: 'test', baseUrl: 'http://bots.example.com' }],
    ['session:signIn', { environment: 'production', email: 'ana@example.com', password: 'x', baseUrl: 'http://bots.example.com' }],
  ] as const)('through %s is url.not_https, in Spanish from the catalog', async (name, input) => {
    const error = await refusal(name, input);
    expect(error).toMatchObject({ code: 'url.not_https', params: { origin: 'http://bots.example.com' } });
    expect(formatFailure('es', error.code, error.params)).toBe('http://bots.example.com debe usar https (http simple solo se permite en este equipo).');
    expect(error.message).toBe(formatFailure('en', error.code, error.params));
  });

  it('is not stored', async () => {
    await refusal('environments:setBaseUrl', { environment: 'test', baseUrl: 'https://ana:secreto@bots.example.com' });
    expect(await ctx.baseUrl('test')).toBeNull();
  });
});

// The new-campaign form says each field's problem in the agent's language: its own words for the fields
// and the dialing rules it names, the failure catalog's for any other; zod's English never.
import { afterEach, describe, expect, it } from 'vitest';
import { campaignProblems, type CampaignBody } from '../../../../src-renderer/src/components/campaigns/campaign-form';
import { i18n } from '../../../../src-renderer/src/i18n';

afterEach(() => {
  i18n.global.locale.value = 'es';
});

const t = (key: string) => i18n.global.t(key);
/** zod's own words, in any of its messages; and the contract's English for the dialing rules. */
const ENGLISH = /Invalid|expected|received|Too (small|big)|must match|VERTICAL dialing needs|must not be below|must be later than/i;

const BODY: CampaignBody = {
  botId: 101,
  name: 'Mora temprana',
  description: '',
  startDate: '2026-12-01',
  callFrom: '09:00',
  callTo: '18:00',
  closesEod: false,
  dialingType: 'VERTICAL',
  minPhonePriority: 0,
  maxPhonePriority: 0,
  maxCallsPerCase: 2,
};

describe('the new-campaign form’s problems', () => {
  it('has none for a body the service takes', () => {
    expect(campaignProblems(BODY, [], t)).toEqual({});
  });

  it.each([
    [{ description: 7 }, 'description', 'debe ser un texto', 'must be text'],
    [
      { dialingType: 'DIAGONAL' },
      'dialingType',
      'debe ser uno de estos valores: VERTICAL, HORIZONTAL_VERTICAL',
      'must be one of: VERTICAL, HORIZONTAL_VERTICAL',
    ],
    [{ closesEod: 'sí' }, 'closesEod', 'debe ser true o false', 'must be true or false'],
  ])('words %o, a field without words of its own, by the catalog and not in zod’s English', (change, field, spanish, english) => {
    const body = { ...BODY, ...change } as CampaignBody;
    i18n.global.locale.value = 'es';
    expect(campaignProblems(body, [], t)).toEqual({ [field]: spanish });
    i18n.global.locale.value = 'en';
    expect(campaignProblems(body, [], t)).toEqual({ [field]: english });
  });

  it.each([
    [{ maxPhonePriority: 2 }, 'maxPhonePriority', 'La marcación vertical llama un solo teléfono: «hasta» debe ser el mismo número que «desde».'],
    [{ dialingType: 'HORIZONTAL_VERTICAL', minPhonePriority: 2, maxPhonePriority: 1 }, 'maxPhonePriority', '«Hasta» no puede ser menor que «desde».'],
    [{ callTo: '08:00' }, 'callTo', 'La hora de fin debe ser posterior a la de inicio.'],
  ])('words a broken dialing rule %o by its code, never the contract’s English', (change, field, spanish) => {
    const problems = campaignProblems({ ...BODY, ...change } as CampaignBody, [], t);
    expect(problems[field as keyof typeof problems]).toBe(spanish);
    expect(Object.values(problems).join(' ')).not.toMatch(ENGLISH);
  });

  it('says a field left empty is required, before anything else about it', () => {
    const { startDate: _, ...body } = BODY;
    expect(campaignProblems(body, ['startDate'], t)).toEqual({ startDate: 'Complete este campo.' });
  });
});

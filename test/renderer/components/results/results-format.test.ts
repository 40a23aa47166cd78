// The results screens write the service's states in the agent's language and Argentina's dates,
// times and shares: never "ANSWERED", "09:32 a. m." or "60%".
import { describe, expect, it } from 'vitest';
import results from '../../../../src-renderer/src/i18n/messages/results';
import { splitTexts, type Tree } from '../../../../src-renderer/src/i18n/texts';
import { formatShare, formatWhen, stateText, stateTitle } from '../../../../src-renderer/src/components/results/results-format';

const { es, en } = splitTexts(results);
function lookup(tree: Tree) {
  const find = (key: string) =>
    key
      .split('.')
      .slice(1)
      .reduce<Tree | string | undefined>((node, k) => (typeof node === 'object' ? node[k] : undefined), tree);
  return { t: (key: string) => String(find(key)) };
}

describe('state names', () => {
  const { t } = lookup(es);
  it.each([
    ['ANSWERED', 'Atendida'],
    ['NOT_ANSWERED', 'No atendida'],
    ['COMPLETED', 'Completada'],
    ['NO_ANSWER', 'No contesta'],
    ['SOMETHING_NEW', 'Otro estado'],
    ['Promesa de pago', 'Promesa de pago'],
    ['', '—'],
  ])('%s → %s', (raw, shown) => {
    expect(stateText(raw, t)).toBe(shown);
  });

  it('has English too', () => {
    const english = lookup(en);
    expect(stateText('ANSWERED', english.t)).toBe('Answered');
  });
});

describe('dates, times and shares', () => {
  it('writes a call time day first on a 24-hour clock', () => {
    const local = new Date(2026, 11, 10, 9, 32).toISOString();
    expect(formatWhen(local, 'es')).toBe('10/12/2026 09:32');
    expect(formatWhen(new Date(2026, 11, 10, 21, 5).toISOString(), 'es')).toBe('10/12/2026 21:05');
    expect(formatWhen('not a time', 'es')).toBe('not a time');
  });

  it('writes a share with a space before the sign', () => {
    expect(formatShare(6, 10, 'es')).toBe('60 %');
    expect(formatShare(1, 3, 'es')).toBe('33,3 %');
    expect(formatShare(0, 0, 'es')).toBe('—');
  });
});

describe('state tooltips', () => {
  it('name the code only when CaseDesk does not know it, so the agent can report it', () => {
    expect(stateTitle('ANSWERED')).toBeUndefined();
    expect(stateTitle('Promesa de pago')).toBeUndefined();
    expect(stateTitle('RINGING_LONG')).toBe('RINGING_LONG');
  });
});

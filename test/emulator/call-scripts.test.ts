import { describe, it, expect } from 'vitest';
import { seededRandom } from '../../src-main/emulator/call-audio';
import {
  formatDuration,
  formatPesos,
  inboundCallScript,
  outboundCallScript,
  type CallOutcome,
  type CallScript,
  type CallScriptInput,
} from '../../src-main/emulator/call-scripts';

const debtor = (outcome: CallOutcome, seed = 1): CallScriptInput => ({
  firstName: 'María',
  lastName: 'González',
  companyName: 'Banco del Plata',
  debt: '1234.56',
  product: 'tarjeta Visa',
  callDate: '2026-11-20',
  outcome,
  random: seededRandom(seed),
});

const SEEDS = Array.from({ length: 25 }, (_, i) => i + 1);
const isBot = (text: string) => text.startsWith('BOT: ');
const isDebtor = (text: string) => text.startsWith('CLIENTE: ');

// Invariants every script holds, whatever the outcome.
function expectWellFormed(script: CallScript): void {
  const { transcription, responses } = script;
  for (const line of transcription) {
    expect(isBot(line.text) || isDebtor(line.text)).toBe(true);
    if (isBot(line.text)) {
      expect(line.confidence).toBe(1);
    } else {
      expect(line.confidence).toBeGreaterThanOrEqual(0.6);
      expect(line.confidence).toBeLessThanOrEqual(0.98);
    }
  }
  const times = transcription.map((line) => line.time);
  expect(times).toEqual([...times].sort((a, b) => a - b));
  expect(new Set(times).size).toBe(times.length);

  // responses are exactly the debtor's lines, unprefixed, with the same time and confidence.
  const debtorLines = transcription.filter((line) => isDebtor(line.text)).map((line) => ({ ...line, text: line.text.slice('CLIENTE: '.length) }));
  expect(responses).toEqual(debtorLines);

  expect(Number.isInteger(script.durationSeconds)).toBe(true);
  const last = transcription.at(-1);
  if (last) {
    expect(script.durationSeconds).toBeGreaterThan(last.time);
    expect(script.durationSeconds).toBeLessThan(last.time + 30);
  } else {
    expect(script.durationSeconds).toBe(0);
  }
  if (!script.gotPromise) expect(script.commitment).toBe('');
}

describe('outboundCallScript', () => {
  it('a promise ends with a dated commitment 1..10 days after the call, for the full debt', () => {
    for (const seed of SEEDS) {
      const script = outboundCallScript(debtor('promise', seed));
      expectWellFormed(script);
      expect(script.gotPromise).toBe(true);
      const match = /^(\d{4}-\d{2}-\d{2}) por \$ 1\.234,56$/.exec(script.commitment);
      expect(match).not.toBeNull();
      const days = (Date.parse(match?.[1] ?? '') - Date.parse('2026-11-20')) / 86_400_000;
      expect(days).toBeGreaterThanOrEqual(1);
      expect(days).toBeLessThanOrEqual(10);
      expect(script.transcription[0]?.text).toMatch(/^BOT: .*María González/);
      expect(script.transcription.some((l) => isBot(l.text) && l.text.includes('$ 1.234,56'))).toBe(true);
    }
  });

  it('speaks the promised day the way a person would', () => {
    const script = outboundCallScript(debtor('promise', 3));
    const [, iso = ''] = /^(\S+) por/.exec(script.commitment) ?? [];
    const day = Number(iso.slice(8));
    const spoken = new RegExp(`el (lunes|martes|miércoles|jueves|viernes|sábado|domingo) ${day} de (noviembre|diciembre)`);
    expect(script.transcription.some((l) => spoken.test(l.text))).toBe(true);
  });

  it('no_promise talks about the debt but records no commitment', () => {
    for (const seed of SEEDS) {
      const script = outboundCallScript(debtor('no_promise', seed));
      expectWellFormed(script);
      expect(script.gotPromise).toBe(false);
      expect(script.responses.length).toBeGreaterThanOrEqual(3);
      expect(script.transcription.some((l) => l.text.includes('$ 1.234,56'))).toBe(true);
    }
  });

  it('third_party never discloses the debt to whoever answered', () => {
    for (const seed of SEEDS) {
      const script = outboundCallScript(debtor('third_party', seed));
      expectWellFormed(script);
      expect(script.gotPromise).toBe(false);
      expect(script.responses.length).toBeGreaterThan(0);
      expect(script.transcription.some((l) => /\$|deuda|tarjeta/.test(l.text))).toBe(false);
    }
  });

  it('voicemail is only the bot leaving a short message', () => {
    for (const seed of SEEDS) {
      const script = outboundCallScript(debtor('voicemail', seed));
      expectWellFormed(script);
      expect(script.responses).toEqual([]);
      expect(script.transcription.length).toBeGreaterThan(0);
      expect(script.transcription.filter((l) => !isBot(l.text))).toEqual([]);
      expect(script.transcription.some((l) => l.text.includes('$'))).toBe(false);
    }
  });

  it('wrong_number: whoever answered does not know the debtor', () => {
    for (const seed of SEEDS) {
      const script = outboundCallScript(debtor('wrong_number', seed));
      expectWellFormed(script);
      expect(script.gotPromise).toBe(false);
      expect(script.responses[0]?.text).toMatch(/^(No|¿Quién\?)/);
      expect(script.transcription.some((l) => l.text.includes('$'))).toBe(false);
    }
  });

  it.each(['no_answer', 'busy', 'failed'] as const)('%s leaves nothing to transcribe', (outcome) => {
    expect(outboundCallScript(debtor(outcome))).toEqual({
      transcription: [],
      responses: [],
      gotPromise: false,
      commitment: '',
      durationSeconds: 0,
    });
  });

  it('is deterministic for the same seed and varies across seeds', () => {
    expect(outboundCallScript(debtor('promise', 9))).toEqual(outboundCallScript(debtor('promise', 9)));
    const texts = new Set(
      SEEDS.map((seed) =>
        outboundCallScript(debtor('no_promise', seed))
          .transcription.map((l) => l.text)
          .join('\n'),
      ),
    );
    expect(texts.size).toBeGreaterThan(5);
  });

  it('rejects a malformed call date or amount instead of inventing one', () => {
    expect(() => outboundCallScript({ ...debtor('promise'), callDate: '2026-02-30' })).toThrow(RangeError);
    expect(() => outboundCallScript({ ...debtor('promise'), debt: 'mucho' })).toThrow(RangeError);
  });
});

describe('inboundCallScript', () => {
  const caller = (seed: number) => ({
    firstName: 'Jorge',
    lastName: 'Pereyra',
    companyName: 'Financiera Sur',
    random: seededRandom(seed),
  });

  it('the debtor identifies and asks for the balance; sometimes promises', () => {
    const outcomes = SEEDS.map((seed) => {
      const script = inboundCallScript(caller(seed));
      expectWellFormed(script);
      expect(script.transcription[0]?.text).toMatch(/^BOT: .*Financiera Sur/);
      expect(script.responses[0]?.text).toContain('Jorge Pereyra');
      expect(script.responses.some((r) => /debo|saldo|monto/.test(r.text))).toBe(true);
      return script.gotPromise;
    });
    expect(outcomes).toContain(true);
    expect(outcomes).toContain(false);
  });

  it('with a call date and debt, a promise carries the same commitment format as outbound', () => {
    const scripts = SEEDS.map((seed) => inboundCallScript({ ...caller(seed), callDate: '2026-12-28', debt: '50000' }));
    const promised = scripts.filter((s) => s.gotPromise);
    expect(promised.length).toBeGreaterThan(0);
    for (const s of promised) expect(s.commitment).toMatch(/^(2026-12-(29|30|31)|2027-01-0[1-7]) por \$ 50\.000,00$/);
    for (const s of scripts) expect(s.transcription.some((l) => l.text.includes('$ 50.000,00'))).toBe(true);
  });

  it('is deterministic for the same seed', () => {
    expect(inboundCallScript(caller(4))).toEqual(inboundCallScript(caller(4)));
  });
});

describe('formatPesos', () => {
  it('uses Argentine grouping: dots for thousands, comma for cents', () => {
    expect(formatPesos('1234.56')).toBe('$ 1.234,56');
    expect(formatPesos('0.5')).toBe('$ 0,50');
    expect(formatPesos('1000000')).toBe('$ 1.000.000,00');
    expect(formatPesos('999')).toBe('$ 999,00');
    expect(formatPesos('-75.1')).toBe('-$ 75,10');
  });

  it('refuses text that is not an amount', () => {
    expect(() => formatPesos('')).toThrow(RangeError);
    expect(() => formatPesos('1,234.56')).toThrow(RangeError);
  });
});

describe('formatDuration', () => {
  it('renders HH:MM:SS', () => {
    expect(formatDuration(83)).toBe('00:01:23');
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(3600 + 2 * 60 + 5)).toBe('01:02:05');
    expect(formatDuration(59.6)).toBe('00:01:00');
    expect(formatDuration(-4)).toBe('00:00:00');
  });
});

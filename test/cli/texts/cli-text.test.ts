// The CLI's own catalog (its --help and its lines) holds to the failure catalog's rules: both languages,
// the same placeholders, dotted codes none the start of another; and it shares no code with the failures.
import { describe, expect, it } from 'vitest';
import { CLI_TEXTS, formatCliText, isCliTextCode, type CliTextCode } from '../../../src-main/cli/texts/cli-text';
import { Failure, isFailureCode } from '../../../src-main/domain/failures/failure';

const CODES = Object.keys(CLI_TEXTS) as CliTextCode[];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the CLI's texts", () => {
  it.each(CODES)('%s is worded in English and Spanish with the same placeholders', (code) => {
    const { en, es } = CLI_TEXTS[code];
    expect(en.trim()).not.toBe('');
    expect(es.trim()).not.toBe('');
    expect(placeholders(es)).toEqual(placeholders(en));
    for (const text of [en, es]) expect(text.replace(/\{\w+\}/g, ''), text).not.toMatch(/[{}]/);
  });

  it('has stable dotted codes, none the start of another, all help.* or line.*', () => {
    expect(CODES.filter((code) => !/^(help|line)(\.[a-z_]+)+$/.test(code))).toEqual([]);
    expect(CODES.filter((code) => CODES.some((other) => other.startsWith(`${code}.`)))).toEqual([]);
  });

  it('shares no code with the failure catalog', () => {
    expect(CODES.filter((code) => isFailureCode(code))).toEqual([]);
    expect(isCliTextCode('help.title.usage')).toBe(true);
    expect(isCliTextCode('batch.busy')).toBe(false);
    expect(isCliTextCode('toString')).toBe(false);
  });

  it('fills in the params in the language asked for, a campaign state in its words', () => {
    expect(formatCliText('es', 'help.title.usage')).toBe('Uso:');
    expect(formatCliText('en', 'help.extra.choices', { choices: ['"a"', '"b"'] })).toBe('choices: "a", "b"');
    expect(formatCliText('es', 'line.campaign.status', { id: 7, status: 'ONGOING' })).toBe('Campaña 7: En curso');
  });

  it('is no failure: a Failure takes no help or line code, and the failures have no words for one', () => {
    const build = () =>
      // @ts-expect-error a help line is not a failure's code
      new Failure('help.title.usage', {});
    expect(build).toThrow(TypeError);
  });
});

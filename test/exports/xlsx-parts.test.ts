// The OOXML text the streamed writer makes: what XML cannot carry escaped as Excel escapes it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeXml, rowXml, sheetHeadXml } from '../../src-main/exports/xlsx-parts';

describe('escapeXml', () => {
  it('writes control characters, a carriage return and lone surrogates as _xHHHH_, and a text that reads as one with its underscore escaped', () => {
    expect(escapeXml('a\u0000b\u000Bc\rd\te\nf')).toBe('a_x0000_b_x000B_c_x000D_d\te\nf');
    expect(escapeXml('x\uD800y\uDC00z\uD83D\uDE00')).toBe('x_xD800_y_xDC00_z\uD83D\uDE00');
    expect(escapeXml('\uFFFE\uFFFF')).toBe('_xFFFE__xFFFF_');
    expect(escapeXml('_x0041_ and _x12_')).toBe('_x005F_x0041_ and _x12_');
    expect(escapeXml('P&L <"a">')).toBe('P&amp;L &lt;&quot;a&quot;&gt;');
  });

  it('escapes any text as its two passes do, the text that needs none left as it is', () => {
    // The two passes alone, as they were before the shortcut for texts that need nothing.
    // eslint-disable-next-line no-control-regex -- control characters are what it finds
    const notInXml = /[\0-\x08\x0B-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|_(?=x[0-9A-Fa-f]{4}_)/g;
    const entity: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
    const twoPasses = (text: string) =>
      text.replace(notInXml, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`).replace(/[&<>"]/g, (c) => entity[c] ?? c);
    const pieces = fc.constantFrom('_x', '_x00A9_', '&', '\uD83D', '\uDE00', '\r', '\uFFFE', 'Peña', ' ');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary' }),
          fc.array(fc.oneof(pieces, fc.string()), { maxLength: 8 }).map((p) => p.join('')),
        ),
        (text) => {
          expect(escapeXml(text)).toBe(twoPasses(text));
        },
      ),
      { numRuns: 3_000 },
    );
  });
});

describe('rowXml', () => {
  it('names each cell, skips empty ones, and writes no row for a row of empty cells', () => {
    expect(rowXml(['a', null, 2, true, { serial: 46000.5, style: 2 }], 7)).toBe(
      '<row r="7"><c r="A7" t="inlineStr"><is><t>a</t></is></c><c r="C7"><v>2</v></c><c r="D7" t="b"><v>1</v></c><c r="E7" s="2"><v>46000.5</v></c></row>',
    );
    expect(rowXml([' x'], 1)).toContain('<t xml:space="preserve"> x</t>');
    expect(rowXml([null, null], 3)).toBe('');
    const wide = Array.from({ length: 28 }, () => 1);
    expect(rowXml(wide, 1)).toContain('<c r="AB1">');
  });
});

describe('sheetHeadXml', () => {
  it('gives the range only when the sheet is known whole, and columns only when there are some', () => {
    expect(sheetHeadXml([10, 12], { rows: 3, columns: 2 })).toContain('<dimension ref="A1:B3"/><cols><col min="1" max="1" width="10" customWidth="1"/>');
    expect(sheetHeadXml([], null)).not.toMatch(/dimension|cols/);
  });
});

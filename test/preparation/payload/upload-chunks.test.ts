// Upload chunks: the spec's body, at most 1,000 cases and a byte limit, every code intact.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UploadBody } from '../../../src-main/contract';
import { OversizedCaseError, uploadChunks } from '../../../src-main/preparation/payload/upload-chunks';

const entry = (i: number) => ({
  products: [{ debt_code: `D${i}`, pid: 'Tarjeta', debt: '10.00', expiration: '2026-12-31' }],
  params: {},
  first_name: 'Ana',
  last_name: 'Pérez',
  phone_settings: { phone_list: ['1145678901'] },
});

describe('uploadChunks', () => {
  it('splits 2,500 cases into 1,000 + 1,000 + 500, in order', () => {
    const chunks = [...uploadChunks(Array.from({ length: 2500 }, (_, i) => [`C${i}`, entry(i)] as const))];
    expect(chunks.map((c) => c.codes.length)).toEqual([1000, 1000, 500]);
    expect(chunks[1]?.codes[0]).toBe('C1000');
    expect(UploadBody.parse(JSON.parse(chunks[2]?.json ?? '')).map(([code]) => code)[0]).toBe('C2000');
  });

  it('keeps every chunk within the byte limit and counts its bytes exactly', () => {
    const chunks = [
      ...uploadChunks(
        Array.from({ length: 300 }, (_, i) => [`Ñandú-${i}`, entry(i)] as const),
        { maxCases: 1000, maxBytes: 10_000 },
      ),
    ];
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) {
      expect(c.bytes).toBe(Buffer.byteLength(c.json));
      expect(c.bytes).toBeLessThanOrEqual(10_000);
    }
  });

  it("never goes above the spec's 1,000 cases, whatever the setting says", () => {
    const chunks = [
      ...uploadChunks(
        Array.from({ length: 1500 }, (_, i) => [`C${i}`, entry(i)] as const),
        { maxCases: 5000, maxBytes: 50_000_000 },
      ),
    ];
    expect(chunks[0]?.codes.length).toBe(1000);
  });

  it('keeps "__proto__" and "constructor" as codes in the JSON', () => {
    const [chunk] = [
      ...uploadChunks([
        ['__proto__', entry(1)],
        ['constructor', entry(2)],
      ]),
    ];
    expect(UploadBody.parse(JSON.parse(chunk?.json ?? '')).map(([code]) => code)).toEqual(['__proto__', 'constructor']);
  });

  it('refuses a single case bigger than the byte limit', () => {
    expect(() => [...uploadChunks([['big', { ...entry(1), params: { note: 'x'.repeat(5000) } }]], { maxCases: 10, maxBytes: 2000 })]).toThrow(
      OversizedCaseError,
    );
  });

  it('loses and repeats nothing, for any codes and limits (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 1024, max: 4000 }),
        (codes, maxCases, maxBytes) => {
          const chunks = [
            ...uploadChunks(
              codes.map((c, i) => [c, entry(i)] as const),
              { maxCases, maxBytes },
            ),
          ];
          // Compared as sorted lists: a JS object puts integer-like keys first, whatever the text order.
          const back = chunks.flatMap((c) => UploadBody.parse(JSON.parse(c.json)).map(([code]) => code));
          expect([...back].sort()).toEqual([...codes].sort());
          expect(chunks.flatMap((c) => c.codes)).toEqual(codes);
          for (const c of chunks) expect(c.codes.length).toBeLessThanOrEqual(maxCases);
        },
      ),
      { seed: 20261122, numRuns: 200 },
    );
  });
});

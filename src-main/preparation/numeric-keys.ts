// A table from whole numbers (a phone or a case code written in digits) to a small number, kept in
// typed arrays: a million keys cost a few bytes each and nothing for the garbage collector to walk,
// where a Map of a million strings costs tens of megabytes. Keys come from a creditor's file, so a
// file made to pile its keys on one slot must not make each lookup walk all of them: the hash is
// seeded per table, and a key that finds no place within MAX_PROBE slots is kept in a Map instead.

import { randomBytes } from 'node:crypto';

/** Text read as such a key: digits without a leading zero ("0351" is not "351"), exact as a double. */
export const NUMERIC_KEY = /^[1-9]\d{0,14}$/;

/** Slots looked at before a key goes to the overflow Map: at half full, a fair hash needs a few. */
export const MAX_PROBE = 64;

/** The largest key: 15 digits. */
const MAX_KEY = 999_999_999_999_999;

/** MurmurHash3's finalizer: every bit of the result depends on every bit of `h` (a bijection). */
function mix32(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Where a key starts looking, before the table's size cuts it: the low word mixed with the seed, then
 * with the high word, so consecutive codes (a creditor's DNIs) spread as random ones do, and keys piled
 * on one slot under one seed spread under another.
 */
export function keyHash(key: number, seed: number): number {
  return mix32(mix32((key % 4294967296) ^ seed) ^ Math.imul(Math.floor(key / 4294967296) ^ seed, 0x9e3779b1));
}

type Values = Uint8Array | Int32Array;

export class NumericKeyTable {
  /** Open addressing: 0 is an empty slot (no key is 0, see NUMERIC_KEY). */
  private keys = new Float64Array(1 << 16);
  private values: Values;
  private filled = 0;
  /** Keys that found no place within MAX_PROBE slots, with their values. */
  private readonly overflow = new Map<number, number>();

  /**
   * `valuesOf`: the array kind of the values (a count that stops at 255 needs a byte, a row an int).
   * `seed`: tests give one to place keys where they choose; by default each table draws its own.
   */
  constructor(
    private readonly valuesOf: (length: number) => Values,
    readonly seed = randomBytes(4).readUInt32LE(0),
  ) {
    this.values = valuesOf(this.keys.length);
  }

  /** The key's value, or `missing`. */
  get(key: number, missing: number): number {
    const slot = this.find(this.keys, key);
    if (slot >= 0 && this.keys[slot] === key) return this.values[slot] as number;
    return this.overflow.get(key) ?? missing;
  }

  set(key: number, value: number): void {
    // 0 marks an empty slot, and a fraction or NaN would never be found again.
    if (!Number.isInteger(key) || key < 1 || key > MAX_KEY) throw new RangeError(`${key} is not a key of a NumericKeyTable`);
    const slot = this.find(this.keys, key);
    if (slot >= 0 && this.keys[slot] === key) {
      this.values[slot] = value;
      return;
    }
    if (this.overflow.has(key) || slot < 0) {
      this.overflow.set(key, value);
      return;
    }
    this.keys[slot] = key;
    this.values[slot] = value;
    this.filled += 1;
    // Grown at half full: probes stay short.
    if (this.filled * 2 >= this.keys.length) this.grow();
  }

  /** Every key with its value, in no order. */
  *entries(): Generator<[number, number]> {
    for (let slot = 0; slot < this.keys.length; slot++) if (this.keys[slot] !== 0) yield [this.keys[slot] as number, this.values[slot] as number];
    yield* this.overflow;
  }

  /** How many keys the overflow Map holds (a file built to collide, or a test). */
  get overflowed(): number {
    return this.overflow.size;
  }

  /** The key's slot, or the first empty slot on its way, or -1 when MAX_PROBE slots hold other keys. */
  private find(keys: Float64Array, key: number): number {
    const mask = keys.length - 1;
    let slot = keyHash(key, this.seed) & mask;
    for (let probe = 0; probe < MAX_PROBE; probe++) {
      const at = keys[slot] as number;
      if (at === 0 || at === key) return slot;
      slot = (slot + 1) & mask;
    }
    return -1;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldValues = this.values;
    this.keys = new Float64Array(oldKeys.length * 2);
    this.values = this.valuesOf(oldKeys.length * 2);
    this.filled = 0;
    for (let i = 0; i < oldKeys.length; i++) {
      const key = oldKeys[i] as number;
      if (key === 0) continue;
      const slot = this.find(this.keys, key);
      if (slot < 0) this.overflow.set(key, oldValues[i] as number);
      else {
        this.keys[slot] = key;
        this.values[slot] = oldValues[i] as number;
        this.filled += 1;
      }
    }
  }
}

// How many cases of a batch list each phone, counted as the cases go by in 9 bytes a phone: a phone
// many debtors share must first be in that many cases, so only the phones this count picks are looked
// up in the store to count their debtors (names folded). A million-case batch keeps no names here.
import { NUMERIC_KEY, NumericKeyTable } from '../numeric-keys';

export class PhoneCaseCounts {
  /** Stored phones of digits as numbers (national numbers are 10 digits); counts stop at 255. */
  private readonly numeric: NumericKeyTable;
  /** Phones that are not plain digits, if any ever are. */
  private readonly others = new Map<string, number>();

  constructor(seed?: number) {
    this.numeric = new NumericKeyTable((n) => new Uint8Array(n), seed);
  }

  /** One case's phones (each counted once for the case). */
  addCase(phones: readonly string[]): void {
    for (let i = 0; i < phones.length; i++) {
      const phone = phones[i] as string;
      if (phones.indexOf(phone) < i) continue;
      if (NUMERIC_KEY.test(phone)) {
        const key = Number(phone);
        const count = this.numeric.get(key, 0);
        if (count < 255) this.numeric.set(key, count + 1);
      } else this.others.set(phone, (this.others.get(phone) ?? 0) + 1);
    }
  }

  /** The phones listed by at least `min` cases: the numbers in ascending order (the table's own order changes with its seed), then the others. */
  atLeast(min: number): string[] {
    const numbers: number[] = [];
    for (const [phone, count] of this.numeric.entries()) if (count >= min) numbers.push(phone);
    const out = Array.from(Float64Array.from(numbers).sort(), String);
    for (const [phone, count] of this.others) if (count >= min) out.push(phone);
    return out;
  }
}

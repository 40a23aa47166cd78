// How many cases of a batch list each phone, counted as the cases go by in 9 bytes a phone: a phone
// many debtors share must first be in that many cases, so only the phones this count picks are looked
// up in the store to count their debtors (names folded). A million-case batch keeps no names here.

/** A stored phone that fits a double exactly as a number (national numbers are 10 digits). */
const NUMERIC_PHONE = /^[1-9]\d{0,14}$/;

export class PhoneCaseCounts {
  /** Open addressing: keys are the phones as numbers (0 = empty), counts stop at 255. */
  private keys = new Float64Array(1 << 16);
  private counts = new Uint8Array(1 << 16);
  private size = 0;
  /** Phones that are not plain digits, if any ever are. */
  private readonly others = new Map<string, number>();

  /** One case's phones (each counted once for the case). */
  addCase(phones: readonly string[]): void {
    for (let i = 0; i < phones.length; i++) {
      const phone = phones[i] as string;
      if (phones.indexOf(phone) < i) continue;
      if (NUMERIC_PHONE.test(phone)) this.bump(Number(phone));
      else this.others.set(phone, (this.others.get(phone) ?? 0) + 1);
    }
  }

  /** The phones listed by at least `min` cases. */
  atLeast(min: number): string[] {
    const out: string[] = [];
    for (let slot = 0; slot < this.keys.length; slot++) {
      if (this.keys[slot] !== 0 && (this.counts[slot] as number) >= min) out.push(String(this.keys[slot]));
    }
    for (const [phone, count] of this.others) if (count >= min) out.push(phone);
    return out;
  }

  private bump(key: number): void {
    // Grown at half full: probes stay short.
    if (this.size * 2 >= this.keys.length) this.grow();
    const slot = this.slotOf(this.keys, key);
    if (this.keys[slot] === 0) {
      this.keys[slot] = key;
      this.size += 1;
    }
    if ((this.counts[slot] as number) < 255) this.counts[slot] = (this.counts[slot] as number) + 1;
  }

  /** Where `key` is in `keys`, or the empty slot where it goes (linear probing from a mixed hash). */
  private slotOf(keys: Float64Array, key: number): number {
    const mask = keys.length - 1;
    // Both halves of the number mixed, then the bits folded down: phones spaced by a power of two
    // (a crafted file) would otherwise all land on one slot.
    let hash = Math.imul((key % 4294967296) ^ Math.imul(Math.floor(key / 4294967296), 0x85ebca6b), 0x9e3779b1);
    hash ^= hash >>> 16;
    let slot = hash & mask;
    while (keys[slot] !== 0 && keys[slot] !== key) slot = (slot + 1) & mask;
    return slot;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldCounts = this.counts;
    this.keys = new Float64Array(oldKeys.length * 2);
    this.counts = new Uint8Array(oldKeys.length * 2);
    for (let i = 0; i < oldKeys.length; i++) {
      const key = oldKeys[i] as number;
      if (key === 0) continue;
      const slot = this.slotOf(this.keys, key);
      this.keys[slot] = key;
      this.counts[slot] = oldCounts[i] as number;
    }
  }
}

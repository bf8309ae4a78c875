/**
 * An open-addressing hash table from 32-bit keys (token and phrase hashes) to a class mask kept as
 * two 32-bit halves. The tokenizer looks up every token (words, stop words, two- and three-token
 * phrases): a Map keyed by uint32 hashes boxes most keys as heap numbers and costs 50-100 ns per
 * lookup; this is a multiply, a shift and an Int32Array compare.
 */
export class IntTable {
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  private readonly keys: Int32Array;
  private readonly used: Uint8Array;
  private readonly shift: number;
  private readonly mask: number;

  /** `entries`: key -> [lo, hi]. */
  constructor(entries: Iterable<[number, number, number]>) {
    const list = [...entries];
    let bits = 4;
    while (1 << bits < list.length * 2) bits++;
    const size = 1 << bits;
    this.shift = 32 - bits;
    this.mask = size - 1;
    this.keys = new Int32Array(size);
    this.lo = new Int32Array(size);
    this.hi = new Int32Array(size);
    this.used = new Uint8Array(size);
    for (const [key, lo, hi] of list) {
      const at = this.slot(key);
      this.used[at] = 1;
      this.keys[at] = key | 0;
      this.lo[at] = this.lo[at]! | lo;
      this.hi[at] = this.hi[at]! | hi;
    }
  }

  /** The slot holding `key`, or the empty slot where it would go. */
  private slot(key: number): number {
    const k = key | 0;
    let at = Math.imul(k, 0x9e3779b1) >>> this.shift;
    while (this.used[at] === 1 && this.keys[at] !== k) at = (at + 1) & this.mask;
    return at;
  }

  /** The slot of `key`, or -1 when absent. */
  find(key: number): number {
    const at = this.slot(key);
    return this.used[at] === 1 ? at : -1;
  }
}

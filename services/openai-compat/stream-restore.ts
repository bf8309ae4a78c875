/**
 * Restoring stand-ins in a streamed answer. The provider saw only wrapped stand-ins
 * ([[ref:<nonce>:<code> <stand-in>]], domain/pii/wrappers.ts) and streams them back in arbitrary
 * pieces, so a wrapper can arrive split across chunks. The restorer holds back the tail that could
 * still become a wrapper (from an unclosed "[[", or a final "[") and hands everything before it to
 * the strict restore; text without "[[" cannot hold a wrapper and passes without a sanitizer call.
 * A held tail longer than any wrapper can be is released as it is.
 */

/** The longest wrapper: "[[ref:" + 8 + ":" + code (up to 9) + " " + a stand-in of up to 2000 + "]]". */
const MAX_WRAPPER_CHARS = 2_030;

/** The index from which `text` must be held back (text.length when all of it is safe). */
export function holdFrom(text: string): number {
  const open = text.lastIndexOf('[[');
  if (open >= 0 && text.indexOf(']]', open + 2) < 0 && text.length - open <= MAX_WRAPPER_CHARS) return open;
  return text.endsWith('[') ? text.length - 1 : text.length;
}

export class StreamRestorer {
  private pending = '';

  /** `restore` is the gateway's strict restore for the execution's sanitizer session. */
  constructor(private readonly restore: (text: string) => Promise<string>) {}

  /** Adds a piece of the answer; resolves to the restored text that can be sent now ('' when all is held). */
  async push(piece: string): Promise<string> {
    this.pending += piece;
    const cut = holdFrom(this.pending);
    if (cut === 0) return '';
    const ready = this.pending.slice(0, cut);
    this.pending = this.pending.slice(cut);
    return this.restored(ready);
  }

  /** The end of the answer: whatever is still held, restored. */
  async flush(): Promise<string> {
    const rest = this.pending;
    this.pending = '';
    return rest ? this.restored(rest) : '';
  }

  private restored(text: string): Promise<string> {
    return text.includes('[[') ? this.restore(text) : Promise.resolve(text);
  }
}

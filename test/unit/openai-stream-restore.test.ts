import { StreamRestorer, holdFrom } from '../../services/openai-compat/stream-restore';

/** Stand-ins split across stream chunks are still restored (services/openai-compat/stream-restore.ts). */
const WRAPPER = '[[ref:3f9a1c07:PER1 Lena Vogt]]';
const restore = async (text: string) => text.replaceAll(WRAPPER, 'John Miller');

describe('StreamRestorer', () => {
  it('holds back an unclosed wrapper or a final "[" and nothing else', () => {
    expect(holdFrom('plain text')).toBe(10);
    expect(holdFrom('see [')).toBe(4);
    expect(holdFrom('see [[ref:3f9a')).toBe(4);
    expect(holdFrom(`see ${WRAPPER} and`)).toBe(`see ${WRAPPER} and`.length);
    expect(holdFrom(`[[${'x'.repeat(3000)}`)).toBe(3002); // longer than any wrapper: released
  });

  it.each([1, 2, 3, 5, 7, 13])('restores every stand-in when the answer arrives in pieces of %i characters', async (size) => {
    const answer = `Dear ${WRAPPER}, [x] is fine; [[ not a wrapper ]] and ${WRAPPER}.`;
    const r = new StreamRestorer(restore);
    let out = '';
    for (let i = 0; i < answer.length; i += size) out += await r.push(answer.slice(i, i + size));
    out += await r.flush();
    expect(out).toBe('Dear John Miller, [x] is fine; [[ not a wrapper ]] and John Miller.');
  });

  it('calls the restore only for text that can hold a wrapper', async () => {
    const seen: string[] = [];
    const r = new StreamRestorer(async (t) => {
      seen.push(t);
      return restore(t);
    });
    await r.push('no wrappers here ');
    await r.push(WRAPPER.slice(0, 10));
    await r.push(WRAPPER.slice(10));
    await r.flush();
    expect(seen).toEqual([WRAPPER]);
  });
});

/**
 * mulberry32: a tiny, fast, seeded 32-bit PRNG returning floats in [0, 1), the same on every
 * machine. Not for cryptography. The simulator's latency jitter and every data generator and
 * trainer under scripts/ (their files must come out byte-identical on every run) draw from it.
 */
export type Rng = () => number;

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

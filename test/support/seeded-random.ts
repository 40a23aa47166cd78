// Randomness a failure can replay: each use prints its seed, and CASEDESK_TEST_SEED gives it back.
import { randomInt } from 'node:crypto';

/** A random() in [0, 1) from a printed seed (mulberry32: small, fast, well spread for test timings). */
export function seededRandom(label: string): { random: () => number; seed: number } {
  const given = process.env.CASEDESK_TEST_SEED;
  const seed = given !== undefined && /^\d+$/.test(given) ? Number(given) : randomInt(2 ** 31);
  console.info(`[${label}] random seed ${seed} (replay with CASEDESK_TEST_SEED=${seed})`);
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  return { random, seed };
}

/** A small seeded generator (scripts/chaos/seeded-random.mjs): the same seed, the same run. */
export function seededRandom(seed: number): {
  random: () => number;
  between: (min: number, max: number) => number;
};

/**
 * A small seeded generator, so a run can be repeated with --seed. One generator serves the whole
 * run: kill moments, lead kinds, pauses between leads, which pages are acknowledged.
 *
 * @param {number} seed
 */
export function seededRandom(seed) {
  let state = seed;
  function random() {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  }
  const between = (min, max) => min + random() * (max - min);
  return { random, between };
}

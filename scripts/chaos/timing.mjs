/** Waiting, and the durations the chaos run reports. */

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The middle value (the lower of the two middle ones for an even count); NaN when there is none. */
export function median(values) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

export const seconds = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '–');

/** The flags every headless Chromium of the tests and measurements starts with. */
export const chromiumFlags: string[];

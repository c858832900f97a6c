import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The component tests share two cores with the API tests, and a busy machine can take more than
// testing-library's default second to render a page. What they assert is what shows, not how fast.
configure({ asyncUtilTimeout: 5_000 });

// Every component test starts on an empty page with the real globals: what a test rendered is
// unmounted, and what it stubbed (fetch, matchMedia) is put back, after each test.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

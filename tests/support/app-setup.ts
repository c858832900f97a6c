import { configure } from '@testing-library/react';

// The component tests share two cores with the API tests, and a busy machine can take more than
// testing-library's default second to render a page. What they assert is what shows, not how fast.
configure({ asyncUtilTimeout: 5_000 });

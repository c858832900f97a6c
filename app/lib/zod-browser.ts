import { config } from 'zod';

// Zod probes `new Function()` on its first parse to compile faster validators. Our
// Content-Security-Policy forbids eval, so the probe is blocked and reported as a violation;
// tell Zod not to try. Imported first by every form that validates with Zod.
config({ jitless: true });

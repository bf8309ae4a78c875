import { config } from 'zod';

// Imported first by main.tsx, before any module builds a zod schema: zod decides at schema
// construction whether to compile parsers with `new Function`, and that probe is refused by the
// page's Content-Security-Policy (no 'unsafe-eval'), which the browser reports as an error.
config({ jitless: true });

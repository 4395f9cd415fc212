import { z } from "zod";

// zod compiles a fast parser for each object schema with `new Function`, and probes whether it may when the first
// object schema is built. The site's Content-Security-Policy allows no eval, so in the browser that probe is
// reported as a violation (and logged) although zod catches it. Every module that builds a schema imports z from
// here (ESLint enforces it), so this runs before the first schema exists, in the browser and on the server alike.
// Parsing our small forms without the compiled fast path costs nothing measurable.
z.config({ jitless: true });

export { z };

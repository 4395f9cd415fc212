// Bundles the kiosk service worker (app/kiosk-sw/sw.ts) into the client build as /kiosk-sw.js, after
// `react-router build` (docs/architecture.md#the-kiosk-service-worker). One file, no imports left.
import { build } from "esbuild";

await build({
  entryPoints: ["app/kiosk-sw/sw.ts"],
  outfile: "build/client/kiosk-sw.js",
  bundle: true,
  format: "esm",
  target: "chrome100",
  minify: true,
  legalComments: "none",
  logLevel: "warning",
});

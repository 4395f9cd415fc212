import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { islands } from "./app/islands/vite-plugin.ts";

export default defineConfig({
  // The Express app is the server build's entry, so server and routes share one module graph
  // (docs/decisions/001-server-entry-and-services.md).
  environments: {
    // The embedded database's thread is its own entry: it loads as build/server/pglite-worker.js
    // (docs/decisions/007-embedded-database-thread.md).
    ssr: {
      build: {
        rollupOptions: {
          input: { index: "./server/app.ts", "pglite-worker": "./app/.server/infra/db/pglite-worker.ts" },
        },
      },
    },
  },
  resolve: { tsconfigPaths: true },
  build: {
    // The bundler's timing report (which plugin callbacks took longest) is for tuning the build, not news for
    // someone building the site; it is off here and in every environment's build.
    rollupOptions: { checks: { bundlerTimings: false } },
  },
  plugins: [
    tailwindcss(),
    reactRouter(),
    islands(),
    {
      // React Router names every server entry index.js; the database thread's entry keeps its own name.
      name: "local-shine:pglite-worker-entry",
      configEnvironment(name) {
        if (name !== "ssr") return;
        return {
          build: {
            rollupOptions: {
              output: {
                entryFileNames: (chunk) => (chunk.name === "pglite-worker" ? "pglite-worker.js" : "index.js"),
              },
            },
          },
        };
      },
    },
  ],
});

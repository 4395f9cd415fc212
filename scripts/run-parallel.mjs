// Runs npm scripts side by side: `node scripts/run-parallel.mjs test:security test:faults`. Each script's output is
// printed in one piece when it ends (so logs stay readable); exits non-zero if any script failed.
import { spawn } from "node:child_process";

const names = process.argv.slice(2);
const results = await Promise.all(
  names.map(
    (name) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn("npm", ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"] });
        const output = [];
        child.stdout.on("data", (chunk) => output.push(chunk));
        child.stderr.on("data", (chunk) => output.push(chunk));
        child.on("close", (code, signal) => {
          const seconds = Math.round((Date.now() - started) / 1000);
          process.stdout.write(
            `\n===== npm run ${name}: ${code === 0 ? "passed" : `FAILED (${signal ?? code})`} in ${seconds} s =====\n`,
          );
          process.stdout.write(Buffer.concat(output));
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);

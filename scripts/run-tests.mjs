// `npm test`: every test layer, in order, each one run even when an earlier one failed, and one summary at the end
// naming every failure. A layer that needs the production build (the server suites, Playwright) is reported as
// not run when the build failed, never as passed. Each step is `name` or several names run side by side.
import { spawnSync } from "node:child_process";

const STEPS = [
  { scripts: ["typecheck", "lint"] },
  { scripts: ["test:unit"] },
  { scripts: ["test:pg"] },
  { scripts: ["build"], gate: true },
  { scripts: ["test:server"], needsBuild: true },
  { scripts: ["test:e2e"], needsBuild: true },
];

const outcomes = [];
let built = true;
for (const step of STEPS) {
  const label = step.scripts.join(" + ");
  if (step.needsBuild && !built) {
    outcomes.push({ label, status: "not run (the build failed)", ok: false, seconds: 0 });
    continue;
  }
  const started = Date.now();
  console.log(`\n===== ${label} =====`);
  const result =
    step.scripts.length === 1
      ? spawnSync("npm", ["run", "--silent", step.scripts[0]], { stdio: "inherit" })
      : spawnSync("node", ["scripts/run-parallel.mjs", ...step.scripts], { stdio: "inherit" });
  const ok = result.status === 0;
  if (step.gate && !ok) built = false;
  const seconds = Math.round((Date.now() - started) / 1000);
  outcomes.push({ label, status: ok ? "passed" : `FAILED (${result.signal ?? result.status})`, ok, seconds });
}

console.log("\n===== npm test: summary =====");
for (const { label, status, seconds } of outcomes)
  console.log(`${status.padEnd(28)} ${label} (${seconds} s)`);
const failed = outcomes.filter((outcome) => !outcome.ok);
console.log(failed.length === 0 ? "every layer passed" : `${failed.length} layer(s) did not pass`);
process.exit(failed.length === 0 ? 0 : 1);

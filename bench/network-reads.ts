// One arm of the network reads comparison in bench/results.ts: in its own process, with the working directory set to
// a checkout (so that checkout's `~/` imports and its own code answer), opens the database, reads the admin's
// network page (`getNetworkOverview`) and the home page's figures (`readNetworkFigures`, uncached) QUERIES times
// each after two warm-up reads, and prints the milliseconds as one JSON line. The database is only read.
// Run by bench/results.ts: node --import tsx <this file>, cwd = checkout, env BENCH_TARGET (JSON: { databaseUrl }
// or { dataDir }), BENCH_QUERIES, BENCH_TZ, BENCH_RAW_DAYS.
import path from "node:path";
import { pathToFileURL } from "node:url";

const checkout = process.cwd();
const load = (file: string) => import(pathToFileURL(path.join(checkout, file)).href);
const client = await load("app/.server/infra/db/client.ts");
const network = await load("app/.server/results/network.ts");
const figures = await load("app/.server/results/network-figures.ts");

const target = JSON.parse(process.env.BENCH_TARGET!) as { databaseUrl: string } | { dataDir: string };
const queries = Number(process.env.BENCH_QUERIES ?? "10");
const options = {
  timeZone: process.env.BENCH_TZ ?? "America/Los_Angeles",
  rawDays: Number(process.env.BENCH_RAW_DAYS ?? "3650"),
};
const admin = { id: "bench-admin", isAdmin: true };

const handle = await client.openDatabase(target);
const timed = async (read: () => Promise<unknown>) => {
  const t0 = performance.now();
  await read();
  return performance.now() - t0;
};
const page = () => network.getNetworkOverview(handle.db, admin, options);
const home = () => figures.readNetworkFigures(handle.db, options);
await page();
await home();
const samples = { page: [] as number[], home: [] as number[], kiosks: 0, playsThisMonth: 0 };
for (let q = 0; q < queries; q++) {
  samples.page.push(await timed(page));
  samples.home.push(await timed(home));
}
const overview = await page();
samples.kiosks = overview.kiosks.length;
samples.playsThisMonth = (await home()).playsThisMonth;
await handle.close();
console.log(JSON.stringify(samples));

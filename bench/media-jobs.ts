// Media processing benchmark (docs/performance.md, "Media processing"). Two measurements:
//
// 1. Transcode speed. A 30-second 1080p30 clip with sound, made with ffmpeg's `testsrc2` and `sine` sources in each
//    source form asked for (MPEG-4 Part 2 + MP3 in AVI; HEVC + AAC in MOV, as a phone records), goes through
//    `makeScreenVideo` exactly as the `media.process` job runs it (child process at nice 19, one thread). Per run:
//    wall time, ffmpeg's CPU time (this process's reaped children, from /proc/self/stat) and × real time.
// 2. Pages while a transcode runs. The BUILT server (BUILD_DIR, default build) on loopback with the load benches'
//    data (bench/load-data.ts) and a confirmed owner. Rounds alternate two runs of the same uncached page mix
//    (`Cache-Control: no-cache`, autocannon): "idle", and "transcoding", started once an uploaded copy of the AVI
//    clip is being encoded by the server's own job (its libx264 child is seen) and checked to still be encoding when
//    the run ends. The order flips every round; medians and ranges are reported. Target: median p99 while
//    transcoding ≤ 1.5 × idle.
//
// Run: npm run build && node --import tsx bench/media-jobs.ts [--rounds 5] [--seconds 12] [--connections 10]
//      [--transcodes 3] [--sources avi,hevc] [--businesses 2000]   (HEVC: the clip takes minutes to make)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { pageMix, seedLoadData } from "./load-data";
import { mediaTools } from "../app/.server/media-processing";
import { probeVideo } from "../app/.server/media-processing/probe";
import { runTool } from "../app/.server/media-processing/tools";
import { makeScreenVideo } from "../app/.server/media-processing/transcode";
import { createSignedInAccount } from "../tests/support/http-accounts";
import { uploadMedia } from "../tests/support/http-media";
import { childProcesses, isRunning } from "../tests/support/processes";
import { startServer, type ServerProcess } from "../tests/support/server-process";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "5" },
    seconds: { type: "string", default: "12" },
    connections: { type: "string", default: "10" },
    transcodes: { type: "string", default: "3" },
    sources: { type: "string", default: "avi" },
    businesses: { type: "string", default: "2000" },
    stories: { type: "string", default: "200" },
  },
});
const CLIP_SECONDS = 30;
const TARGET_RATIO = 1.5;
/** /proc reports CPU times in USER_HZ ticks, 100 a second on Linux. */
const TICKS_PER_SECOND = 100;

const tools = mediaTools(process.env);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "local-shine-media-bench-"));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const spread = (numbers: number[], digits = 0) =>
  `${median(numbers).toFixed(digits)} (${Math.min(...numbers).toFixed(digits)}–${Math.max(...numbers).toFixed(digits)})`;

const SOURCES = {
  avi: {
    label: "MPEG-4 Part 2 + MP3 in AVI",
    file: "clip.avi",
    mime: "video/vnd.avi",
    codecs: ["-c:v", "mpeg4", "-q:v", "5", "-c:a", "libmp3lame"],
  },
  hevc: {
    label: "HEVC + AAC in MOV (a phone's)",
    file: "clip.mov",
    mime: "video/quicktime",
    codecs: ["-c:v", "libx265", "-preset", "ultrafast", "-tag:v", "hvc1", "-c:a", "aac"],
  },
} as const;
type SourceName = keyof typeof SOURCES;

async function makeClip(name: SourceName): Promise<string> {
  const source = SOURCES[name];
  const file = path.join(scratch, source.file);
  await runTool(tools.ffmpeg, [
    ...["-hide_banner", "-v", "error", "-y"],
    ...["-f", "lavfi", "-i", `testsrc2=size=1920x1080:rate=30:duration=${CLIP_SECONDS}`],
    ...["-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${CLIP_SECONDS}`],
    ...source.codecs,
    ...["-shortest", file],
  ]);
  return file;
}

/** CPU seconds (user + system) of this process's children that have been waited for. */
function childrenCpuSeconds(): number {
  const stat = fs.readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // After "(comm)": state is field 3, so cutime (16) and cstime (17) are at indexes 13 and 14.
  return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
}

async function transcodeSpeed(name: SourceName, clip: string) {
  const probe = await probeVideo(tools, clip);
  const rows: { wall: number; cpu: number }[] = [];
  for (let run = 0; run < Number(values.transcodes); run++) {
    const cpuBefore = childrenCpuSeconds();
    const started = performance.now();
    const how = await makeScreenVideo(tools, clip, path.join(scratch, "out.mp4"), probe, SOURCES[name].mime);
    if (how !== "encoded") throw new Error(`${name}: expected an encode, got ${how}`);
    rows.push({ wall: (performance.now() - started) / 1000, cpu: childrenCpuSeconds() - cpuBefore });
  }
  return rows;
}

interface PageRun {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function drivePages(server: ServerProcess, paths: () => string): Promise<PageRun> {
  const result = await autocannon({
    url: server.url,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    headers: { "Cache-Control": "no-cache" },
    requests: [{ setupRequest: (request) => ({ ...request, path: paths() }) }],
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** Waits until the server answers at once: the previous run's requests have all been served. */
async function idle(server: ServerProcess) {
  await sleep(1000);
  for (let attempt = 0; attempt < 50; attempt++) {
    const started = performance.now();
    await (await fetch(`${server.url}/healthz`)).arrayBuffer();
    if (performance.now() - started < 20) return;
    await sleep(200);
  }
}

const encoderOf = (server: ServerProcess) =>
  childProcesses(server.child.pid!).find((child) => child.command.includes("libx264"));

async function waitUntil<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Uploads the clip, runs the pages while the server's job encodes it, then waits for the item to be ready. */
async function pagesWhileTranscoding(
  server: ServerProcess,
  cookie: string,
  clip: string,
  paths: () => string,
) {
  const uploaded = await uploadMedia(server, cookie, fs.readFileSync(clip), {
    title: "Bench clip",
    fileName: "clip.avi",
    type: "video/x-msvideo",
  });
  if (uploaded.status !== 201) throw new Error(`upload failed: ${uploaded.status}`);
  const queued = performance.now();
  const encoder = await waitUntil("the server's transcode to start", () => encoderOf(server), 60_000);
  const run = await drivePages(server, paths);
  const overlapped = isRunning(encoder.pid);
  const dashboard = () =>
    fetch(`${server.url}/dashboard`, { headers: { Cookie: cookie } }).then((response) => response.text());
  await waitUntil(
    "the clip to be ready",
    async () => ((await dashboard()).includes("Processing") ? undefined : true),
    600_000,
  );
  const jobSeconds = (performance.now() - queued) / 1000;
  // Deleted again, so every round starts from the same library.
  const form = new URLSearchParams({ intent: "delete", id: uploaded.body.media!.id });
  await fetch(`${server.url}/dashboard`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookie, Origin: server.url },
    redirect: "manual",
  });
  return { ...run, overlapped, jobSeconds };
}

async function main() {
  const sources = values.sources.split(",").map((name) => name.trim()) as SourceName[];
  for (const name of sources) if (!(name in SOURCES)) throw new Error(`unknown source ${name}`);
  console.log(`making ${CLIP_SECONDS} s 1080p30 clips: ${sources.join(", ")}…`);
  const clips = Object.fromEntries(
    await Promise.all(sources.map(async (name) => [name, await makeClip(name)] as const)),
  ) as Record<SourceName, string>;

  console.log(`\n## Transcode speed (${values.transcodes} runs each, nothing else of ours running)\n`);
  console.log("| source (30 s, 1080p30) | wall s | CPU s | × real time (wall) | × real time (CPU) |");
  console.log("|---|---|---|---|---|");
  for (const name of sources) {
    const rows = await transcodeSpeed(name, clips[name]);
    const walls = rows.map((row) => row.wall);
    const cpus = rows.map((row) => row.cpu);
    console.log(
      `| ${SOURCES[name].label} | ${spread(walls, 1)} | ${spread(cpus, 1)} | ${spread(
        walls.map((wall) => CLIP_SECONDS / wall),
        2,
      )} | ${spread(
        cpus.map((cpu) => CLIP_SECONDS / cpu),
        2,
      )} |`,
    );
  }

  const clip = clips.avi ?? (await makeClip("avi"));
  const dataDir = path.join(scratch, "data");
  console.log(`\nseeding ${values.businesses} businesses and ${values.stories} stories…`);
  const data = await seedLoadData(
    { dataDir },
    { businesses: Number(values.businesses), stories: Number(values.stories) },
  );
  const server = await startServer({
    DATA_DIR: dataDir,
    LOG_LEVEL: "error",
    TRUST_PROXY: "1",
    STORAGE_QUOTA_MB: "0",
  });
  try {
    const cookie = await createSignedInAccount(server, `bench-${Date.now()}@example.com`);
    const paths = pageMix(data);
    await drivePages(server, paths); // warm-up: JIT, first renders
    const runs: {
      round: number;
      condition: string;
      run: PageRun & { overlapped?: boolean; jobSeconds?: number };
    }[] = [];
    for (let round = 1; round <= Number(values.rounds); round++) {
      const order = round % 2 ? ["idle", "transcoding"] : ["transcoding", "idle"];
      for (const condition of order) {
        await idle(server);
        const run =
          condition === "idle"
            ? await drivePages(server, paths)
            : await pagesWhileTranscoding(server, cookie, clip, paths);
        runs.push({ round, condition, run });
      }
    }
    const load = fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
    console.log(
      `\n## Uncached pages, idle vs while the server transcodes (${values.connections} connections, ${values.seconds} s runs; load average now ${load})\n`,
    );
    console.log("| round | condition | req/s | p50 ms | p99 ms | errors | transcode s (queued → ready) |");
    console.log("|---|---|---|---|---|---|---|");
    for (const { round, condition, run } of runs) {
      const job =
        run.jobSeconds === undefined
          ? ""
          : `${run.jobSeconds.toFixed(1)}${run.overlapped ? "" : " (ended before the run did)"}`;
      console.log(
        `| ${round} | ${condition} | ${run.requestsPerSecond} | ${run.p50} | ${run.p99} | ${run.errors} | ${job} |`,
      );
    }
    const of = (condition: string) => runs.filter((entry) => entry.condition === condition).map((e) => e.run);
    const [quiet, busy] = [of("idle"), of("transcoding")];
    const ratio = median(busy.map((run) => run.p99)) / median(quiet.map((run) => run.p99));
    console.log(
      `\nidle: req/s ${spread(quiet.map((run) => run.requestsPerSecond))}, p50 ${spread(quiet.map((run) => run.p50))} ms, p99 ${spread(quiet.map((run) => run.p99))} ms`,
    );
    console.log(
      `transcoding: req/s ${spread(busy.map((run) => run.requestsPerSecond))}, p50 ${spread(busy.map((run) => run.p50))} ms, p99 ${spread(busy.map((run) => run.p99))} ms; transcode ${spread(
        busy.map((run) => run.jobSeconds!),
        1,
      )} s`,
    );
    const errors = runs.reduce((sum, entry) => sum + entry.run.errors, 0);
    console.log(
      `median p99 transcoding / idle = ${ratio.toFixed(2)} (target ≤ ${TARGET_RATIO}); errors ${errors} (target 0)`,
    );
    if (ratio > TARGET_RATIO || errors > 0) process.exitCode = 1;
  } finally {
    await server.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

await main();

// Cached page against nginx (docs/performance.md "Cached pages beside nginx"): seeds the load benches' data, starts
// the BUILT server (BUILD_DIR, default build), takes one directory list page as the page cache serves it, writes the
// same bytes to a file, and has Debian's nginx (`apt-get install -y nginx`) serve that file as a static page with
// gzip, as a reverse proxy's cache or a static export would. Both are then driven in alternating rounds (the order
// flips each round) with the same URL, connections and Accept-Encoding, so both see the same minutes of a shared
// machine; the figures are each round's req/s, their median and range, and ours ÷ nginx's per round.
// nginx runs as the current user with a temporary config on a loopback port (never port 80), one worker (as our
// server is one process), its own gzip (level 1, its default), access log off (our server logs nothing at
// LOG_LEVEL=error either). With --precompressed, nginx sends a stored .gz of the page instead (gzip_static, the same
// bytes our cache sends): static serving at its best, with no compression on any request.
// Run: npm run build && node --import tsx bench/nginx.ts [--rounds 5] [--seconds 10] [--connections 50]
//      [--port 3362] [--path /local-shiners/all] [--encoding gzip] [--precompressed] [--cpu-prof DIR]
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { seedLoadData } from "./load-data";
import { startServer, type ServerProcess } from "../tests/support/server-process";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    rounds: { type: "string", default: "5" },
    port: { type: "string", default: "3362" },
    path: { type: "string", default: "/local-shiners/all" },
    encoding: { type: "string", default: "gzip" },
    precompressed: { type: "boolean", default: false },
    // Writes a CPU profile of our server (node --cpu-prof) into this directory when it stops.
    "cpu-prof": { type: "string" },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const nginxBinary = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((file) => fs.existsSync(file));
if (!nginxBinary) throw new Error("nginx is not installed: apt-get install -y nginx");

const root = fs.mkdtempSync(path.join(os.tmpdir(), "local-shine-nginx-"));
let ours: ServerProcess | null = null;
let nginx: ReturnType<typeof spawn> | null = null;
try {
  console.log("seeding 10000 businesses and 500 stories into PGlite…");
  const dataDir = path.join(root, "data");
  await seedLoadData({ dataDir }, { businesses: 10_000, stories: 500 });
  const profile = values["cpu-prof"]
    ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(values["cpu-prof"])}`]
    : [];
  ours = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "error" }, [...profile, "server/index.ts"], {
    readyMs: 300_000,
  });

  // The page as the cache keeps it: fetched once uncompressed (the bytes nginx will serve), then once more to
  // see it answered from the cache.
  const url = `${ours.url}${values.path}`;
  const html = Buffer.from(
    await (await fetch(url, { headers: { "Accept-Encoding": "identity" } })).arrayBuffer(),
  );
  const hit = await rawGet(url, values.encoding);
  if (hit.headers["x-page-cache"] !== "hit")
    throw new Error(`${values.path} is not served by the page cache`);
  const compressed = hit.bytes;
  const site = path.join(root, "site");
  fs.mkdirSync(path.join(site, path.dirname(values.path)), { recursive: true });
  fs.writeFileSync(path.join(site, values.path), html);
  if (values.precompressed) {
    if (values.encoding !== "gzip")
      throw new Error("--precompressed stores a .gz: use it with --encoding gzip");
    fs.writeFileSync(path.join(site, `${values.path}.gz`), hit.body);
  }
  fs.writeFileSync(
    path.join(root, "nginx.conf"),
    `worker_processes 1;
daemon off;
pid ${root}/nginx.pid;
error_log ${root}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${root}/tmp;
  proxy_temp_path ${root}/tmp;
  fastcgi_temp_path ${root}/tmp;
  uwsgi_temp_path ${root}/tmp;
  scgi_temp_path ${root}/tmp;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  default_type text/html;
  gzip on;
  gzip_vary on;${values.precompressed ? "\n  gzip_static on;" : ""}
  server {
    listen 127.0.0.1:${values.port};
    root ${site};
  }
}
`,
  );
  fs.mkdirSync(path.join(root, "tmp"));
  // Started by root, nginx's worker runs as an unprivileged user, which must be able to read the page.
  fs.chmodSync(root, 0o755);
  for (let dir = path.join(site, path.dirname(values.path)); dir.startsWith(site); dir = path.dirname(dir))
    fs.chmodSync(dir, 0o755);
  const check = spawnSync(nginxBinary, ["-t", "-q", "-p", root, "-c", path.join(root, "nginx.conf")], {
    encoding: "utf8",
  });
  if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
  nginx = spawn(nginxBinary, ["-p", root, "-c", path.join(root, "nginx.conf")], { stdio: "inherit" });
  const nginxUrl = `http://127.0.0.1:${values.port}`;
  for (let attempt = 0; ; attempt++) {
    const status = await fetch(`${nginxUrl}${values.path}`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    if (attempt > 50)
      throw new Error(
        `nginx did not answer 200 (${status}): ${fs.readFileSync(path.join(root, "error.log"), "utf8")}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const staticBytes = (await rawGet(`${nginxUrl}${values.path}`, values.encoding)).bytes;
  console.log(
    `${values.path}: ${(html.length / 1024).toFixed(1)} KB of HTML; ${values.encoding}: ours ${(compressed / 1024).toFixed(1)} KB, nginx ${(staticBytes / 1024).toFixed(1)} KB`,
  );

  const drive = async (base: string) => {
    // Answers our server rendered instead of taking from its cache (X-Page-Cache: miss).
    let rendered = 0;
    const result = await autocannon({
      url: `${base}${values.path}`,
      connections,
      duration: seconds,
      headers: { "Accept-Encoding": values.encoding },
      setupClient: (client) =>
        // autocannon's types say a headers object; what it emits is the parser's, headers as a flat list.
        client.on("headers", (parsed: unknown) => {
          const { headers } = parsed as { headers: string[] };
          for (let i = 0; i < headers.length; i += 2)
            if (headers[i].toLowerCase() === "x-page-cache" && headers[i + 1] === "miss") rendered++;
        }),
    });
    return {
      rps: Math.round(result.requests.average),
      rssMb: base === ours!.url ? rssMb(ours!) : 0,
      rendered,
      p99: result.latency.p99,
      bad: result.errors + result.timeouts + result.non2xx,
    };
  };
  console.log("warming up…");
  await drive(ours.url); // warm-up
  await drive(nginxUrl);
  const rows: {
    round: number;
    ours: Awaited<ReturnType<typeof drive>>;
    nginx: Awaited<ReturnType<typeof drive>>;
  }[] = [];
  for (let round = 1; round <= Number(values.rounds); round++) {
    const order = round % 2 ? (["ours", "nginx"] as const) : (["nginx", "ours"] as const);
    const row = { round } as (typeof rows)[number];
    for (const side of order) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      row[side] = await drive(side === "ours" ? ours.url : nginxUrl);
    }
    rows.push(row);
    console.log(
      `round ${round}: ours ${row.ours.rps} req/s (p99 ${row.ours.p99} ms, ${row.ours.rendered} rendered, RSS after ${row.ours.rssMb} MB), nginx ${row.nginx.rps} req/s (p99 ${row.nginx.p99} ms), ratio ${(row.ours.rps / row.nginx.rps).toFixed(2)}`,
    );
  }
  const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];
  const range = (numbers: number[]) => `${Math.min(...numbers)}–${Math.max(...numbers)}`;
  const ratios = rows.map((row) => Number((row.ours.rps / row.nginx.rps).toFixed(2)));
  const bad = rows.reduce((sum, row) => sum + row.ours.bad + row.nginx.bad, 0);
  console.log(
    `\n${values.path}, ${values.encoding}, ${connections} connections, ${seconds} s a run, ${rows.length} alternating rounds; load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}\n`,
  );
  console.log("| server | req/s, median (range) | p99 ms, median (range) | req/s by round |");
  console.log("|---|---|---|---|");
  for (const side of ["ours", "nginx"] as const) {
    const rps = rows.map((row) => row[side].rps);
    const p99 = rows.map((row) => row[side].p99);
    console.log(
      `| ${side === "ours" ? "page cache" : values.precompressed ? "nginx, static .gz (gzip_static)" : "nginx, static file"} | ${median(rps)} (${range(rps)}) | ${median(p99)} (${range(p99)}) | ${rps.join(", ")} |`,
    );
  }
  console.log(
    `\nours ÷ nginx: median ${median(ratios)} (${range(ratios)}), by round ${ratios.join(", ")} (target ≥ 0.5); errors and non-2xx ${bad} (target 0)`,
  );
  process.exitCode = median(ratios) >= 0.5 && bad === 0 ? 0 : 1;
} finally {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx!.once("exit", resolve));
    nginx.kill("SIGQUIT");
    await exited;
  }
  await ours?.stop();
  fs.rmSync(root, { recursive: true, force: true });
}

/** A GET without decoding: the bytes that crossed the wire, and the headers. */
function rawGet(url: string, encoding: string) {
  return new Promise<{ bytes: number; body: Buffer; headers: http.IncomingHttpHeaders }>(
    (resolve, reject) => {
      http
        .get(url, { headers: { "Accept-Encoding": encoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            const body = Buffer.concat(chunks);
            resolve({ bytes: body.length, body, headers: response.headers });
          });
        })
        .on("error", reject);
    },
  );
}

/** The server's resident memory, in MB. */
function rssMb(server: ServerProcess) {
  const status = fs.readFileSync(`/proc/${server.child.pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}

// Upload benchmark (docs/performance.md): starts the built server on a loopback port with a throwaway DATA_DIR, signs
// up a confirmed owner through the real endpoints and dev mailbox, streams a generated 100 MB video to POST
// /dashboard/media and samples the server's resident memory (VmRSS) before, during and after.
//
//   PATH=$PWD/node_modules/.bin:$PATH npm run build   (or BUILD_DIR=… npm run build)
//   PATH=$PWD/node_modules/.bin:$PATH BUILD_DIR=build node --import tsx bench/upload.ts [MB]
//
// The target (docs/performance.md): peak RSS growth under 64 MB, because the file is streamed, never held.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { readDevMailbox } from "../tests/support/dev-mailbox";
import { generatedBytes, multipartBody } from "../tests/support/test-multipart";
import { BUILT_SERVER } from "../tests/support/server-process";

const SIZE_MB = Number(process.argv[2] ?? 100);
const TARGET_GROWTH_MB = 64;
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
const MB = 1024 * 1024;
/** An MP4 `ftyp` box: the detector sees a real video; the rest of the bytes are filler. */
const MP4_HEAD = Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The sign-up form, confirmation link from the dev mailbox, then the sign-in form: the session cookie. */
async function confirmedOwnerCookie(base: string, dataDir: string): Promise<string> {
  const email = `bench-${Date.now()}@bench.localshine.test`;
  const password = "bench-lantern-harbor-7";
  const form = (fields: Record<string, string>) =>
    fetch(`${base}/signin`, {
      method: "POST",
      headers: { Origin: base },
      body: new URLSearchParams({ email, password, ...fields }),
      redirect: "manual",
    });
  const signUp = await form({ intent: "signup" });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status}`);
  const link = await waitFor("the confirmation email", async () => {
    const mail = (await readDevMailbox(dataDir)).find((message) => message.to.includes(email));
    return mail?.links.find((url) => url.includes("/api/auth/verify-email"));
  });
  await fetch(link, { redirect: "manual" });
  const signIn = await form({ intent: "signin" });
  if (signIn.status !== 302) throw new Error(`sign-in failed: ${signIn.status}`);
  return signIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function upload(base: string, cookie: string, bytes: number) {
  const { body, contentType } = multipartBody({ title: `Bench ${bytes} bytes`, description: "", notes: "" }, [
    {
      field: "file",
      filename: "bench.mp4",
      contentType: "video/mp4",
      content: generatedBytes(bytes, { head: MP4_HEAD }),
    },
  ]);
  const response = await fetch(`${base}/dashboard/media`, {
    method: "POST",
    headers: { "Content-Type": contentType, Cookie: cookie, Origin: base },
    body,
    duplex: "half",
  } as RequestInit);
  return {
    status: response.status,
    body: (await response.json()) as {
      media?: { fileSize: number; fileType: string };
      toast?: { description?: string };
    },
  };
}

/** Stored files (sidecars and the temp folder aside). */
async function storedFileCount(dataDir: string): Promise<number> {
  const entries = await readdir(path.join(dataDir, "uploads"), { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && !entry.name.endsWith(".meta.json")).length;
}

async function main() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "local-shine-bench-upload-"));
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, BUILT_SERVER, {
    env: {
      ...process.env,
      BUILD_DIR,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: base,
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      NODE_ENV: "development",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitFor("the server", async () => ((await fetch(`${base}/healthz`)).ok ? true : undefined));
    const cookie = await confirmedOwnerCookie(base, dataDir);
    const pid = server.pid!;

    // Warm up the code paths (route modules, detector, storage) so the baseline is the steady state.
    const warm = await upload(base, cookie, 2 * MB);
    if (warm.status !== 201) throw new Error(`warm-up upload failed: ${warm.status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 25);
    const started = performance.now();
    const result = await upload(base, cookie, SIZE_MB * MB);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(pid));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = rssMb(pid);

    const growth = peak - before;
    console.log(
      `upload of ${SIZE_MB} MB: HTTP ${result.status}, stored ${result.body.media?.fileSize ?? "nothing"} bytes as ${result.body.media?.fileType ?? "-"}`,
    );
    console.log(
      `server RSS: before ${before.toFixed(1)} MB, peak ${peak.toFixed(1)} MB, after ${after.toFixed(1)} MB`,
    );
    console.log(
      `peak growth ${growth.toFixed(1)} MB (target < ${TARGET_GROWTH_MB} MB): ${growth < TARGET_GROWTH_MB ? "PASS" : "FAIL"}`,
    );
    console.log(
      `throughput ${(SIZE_MB / seconds).toFixed(1)} MB/s (${seconds.toFixed(2)} s, loopback, local disk)`,
    );

    // Over the limit: refused with the clear message over a real socket, and nothing kept.
    const overStarted = performance.now();
    const over = await upload(base, cookie, 101 * MB);
    const overSeconds = (performance.now() - overStarted) / 1000;
    const kept = await storedFileCount(dataDir);
    console.log(
      `upload of 101 MB: HTTP ${over.status} "${over.body.toast?.description ?? ""}" after ${overSeconds.toFixed(2)} s; ` +
        `files in storage afterwards: ${kept} (the two accepted uploads)`,
    );
    if (result.status !== 201 || growth >= TARGET_GROWTH_MB || over.status !== 413 || kept !== 2)
      process.exitCode = 1;
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

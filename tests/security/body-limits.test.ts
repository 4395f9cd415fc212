import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type ServerProcess } from "../support/server-process";

// An attacker's huge form or JSON body must be refused with 413 as its bytes arrive, before anything parses it,
// with the server's memory flat. BODY_TEST_MB (default 300) sets the size of each attack body.
const MB = 1024 * 1024;
const ATTACK_BYTES = Number(process.env.BODY_TEST_MB ?? 300) * MB;
const MAX_RSS_GROWTH = 32 * MB;
const CHUNK = Buffer.alloc(64 * 1024, "a");

let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1" });
});
afterAll(async () => {
  await server.stop();
});

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+) kB/)![1]) * 1024;
}

interface Outcome {
  status: number | null;
  msToStatus: number;
  bytesSent: number;
  rssGrowth: number;
}

/**
 * Streams `total` bytes of `prefix` + filler to `path` as fast as the server takes them, stopping as soon as it
 * answers, and samples the server's resident memory throughout.
 */
function postHuge(
  path: string,
  contentType: string,
  { declareLength, total = ATTACK_BYTES }: { declareLength: boolean; total?: number },
): Promise<Outcome> {
  const pid = server.child.pid!;
  const baseline = rssOf(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let status: number | null = null;
    let msToStatus = 0;
    let bytesSent = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearInterval(sampler);
      peak = Math.max(peak, rssOf(pid));
      resolve({ status, msToStatus, bytesSent, rssGrowth: peak - baseline });
    };
    const request = http.request(`${server.url}${path}`, {
      method: "POST",
      headers: {
        "Content-Type": contentType,
        "X-Forwarded-For": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
        ...(declareLength ? { "Content-Length": String(total) } : {}),
      },
    });
    request.on("response", (response) => {
      status = response.statusCode ?? null;
      msToStatus = performance.now() - started;
      response.resume();
      response.on("end", finish);
      response.on("error", finish);
      request.destroy();
    });
    request.on("error", (error) => (status === null && !done ? reject(error) : finish()));
    request.on("close", () => setTimeout(finish, 200));
    request.write(
      contentType.includes("json") ? '{"email":"a@example.com","password":"' : "email=a%40example.com&x=",
    );
    // One chunk at a time, yielding between them, so an early answer is read while the body is still going out.
    const pump = () => {
      if (done || status !== null) return;
      if (bytesSent >= total) return void request.end();
      const chunk = CHUNK.subarray(0, Math.min(CHUNK.length, total - bytesSent));
      bytesSent += chunk.length;
      request.write(chunk, () => setImmediate(pump));
    };
    pump();
  });
}

const TARGETS: Array<[path: string, contentType: string]> = [
  ["/signin", "application/x-www-form-urlencoded"],
  ["/contact", "application/x-www-form-urlencoded"],
  ["/contact", "multipart/form-data; boundary=xyz"],
  ["/api/auth/sign-in/email", "application/json"],
];

describe("body size limits", () => {
  for (const [path, contentType] of TARGETS) {
    for (const declareLength of [false, true]) {
      const how = declareLength ? "with Content-Length" : "chunked";
      it(`refuses a ${ATTACK_BYTES / MB} MB ${contentType.split(";")[0]} post to ${path} (${how}) with 413, memory flat`, async () => {
        const outcome = await postHuge(path, contentType, { declareLength });
        console.log(
          `${path} ${contentType.split(";")[0]} ${how}: ${outcome.status} after ${outcome.msToStatus.toFixed(0)} ms, ` +
            `${(outcome.bytesSent / MB).toFixed(1)} MB sent, RSS +${(outcome.rssGrowth / MB).toFixed(1)} MB`,
        );
        expect(outcome.status).toBe(413);
        expect(outcome.rssGrowth).toBeLessThan(MAX_RSS_GROWTH);
        const health = await fetch(`${server.url}/healthz`);
        expect(health.status).toBe(200);
      });
    }
  }

  it("asks a body of unknown length that stays under the cap for its length (411): no form is sent that way", async () => {
    const outcome = await postHuge("/contact", "application/x-www-form-urlencoded", {
      declareLength: false,
      total: 16 * 1024,
    });
    expect(outcome.status).toBe(411);
  });

  it("still reads ordinary forms, and leaves uploads to their own, larger limits", async () => {
    const form = await fetch(`${server.url}/forgot-password`, {
      method: "POST",
      headers: { "X-Forwarded-For": "10.8.0.1" },
      body: new URLSearchParams({ email: "nobody@example.com", padding: "x".repeat(30_000) }),
    });
    expect(form.status).toBe(200);
    // Taken, not refused (a refusal would also be a 200, with X-Form-Status).
    expect(form.headers.get("x-form-status")).toBeNull();
    // Signed out, the upload route answers 401 for a 1 MB upload: the body cap did not step in.
    const upload = await postHuge("/dashboard/media", "multipart/form-data; boundary=xyz", {
      declareLength: true,
      total: MB,
    });
    expect(upload.status).toBe(401);
  });
});

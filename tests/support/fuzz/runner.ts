import fs from "node:fs";
import http from "node:http";
import type { ServerProcess } from "../server-process";
import type { EncodedBody } from "./encode";
import { Random } from "./values";

/** Payloads per endpoint, shared among the roles it is sent as; FUZZ_RUNS=100 for a quick look. */
export const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
/** Payload n of the target numbered `salt` comes from seed SEED + salt × SALT_STEP + n. */
const SEED = 20261122;
const SALT_STEP = 1_000_003;
/** A failure names its payload's seed; FUZZ_REPLAY=<seed> sends that one payload alone, to its endpoint. */
const REPLAY = process.env.FUZZ_REPLAY ? Number(process.env.FUZZ_REPLAY) : null;
const CONCURRENCY = 8;
/** One endpoint's payloads take seconds; on a machine busy with other work, minutes. */
export const FUZZ_TIMEOUT = 300_000;

/**
 * Server environment for the fuzz: vitest sets TEST=true, which the child would inherit, and Better Auth then skips
 * its origin and callbackURL checks. The fuzz must meet the server as deployed.
 */
export const AS_DEPLOYED = { TEST: "" };

export interface FuzzRequest {
  method: "GET" | "POST";
  path: string;
  body?: EncodedBody;
  /** The session to send it with, if any. */
  cookie?: string;
  /** More headers (a device's bearer token); printable values only, as Node sends no others. */
  headers?: Record<string, string>;
}

export interface FuzzTarget {
  /** Shown in the test name, e.g. "POST /admin as visitor, owner, admin". */
  name: string;
  runs?: number;
  make(random: Random): FuzzRequest;
}

// Connections are reused (the suite sends tens of thousands of requests); a request that fails on a reused
// connection the server had just closed is sent once more on a fresh one before it counts as a failure.
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });

function sendOnce(
  server: ServerProcess,
  request: FuzzRequest,
  headers: Record<string, string>,
  viaAgent: http.Agent | false,
): Promise<number> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = http.request(
      `${server.url}${request.path}`,
      { method: request.method, headers, agent: viaAgent },
      (response) => {
        // The status is what counts; a server may answer (413, 415, 429) before reading the body, then close.
        answered = true;
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error("no answer within 30 s")));
    outgoing.on("error", (error) => {
      if (!answered) reject(error);
    });
    outgoing.end(request.body?.body);
  });
}

async function send(server: ServerProcess, request: FuzzRequest, headers: Record<string, string>) {
  try {
    return await sendOnce(server, request, headers, agent);
  } catch {
    return sendOnce(server, request, headers, false);
  }
}

/** How a failing payload reads in the report: enough to see what it was, short enough to scan. */
function describe(request: FuzzRequest) {
  const body = request.body?.body;
  const preview = body ? JSON.stringify(body.subarray(0, 160).toString("latin1")) : "";
  const path =
    request.path.length > 200 ? `${request.path.slice(0, 200)}… (${request.path.length})` : request.path;
  return `${request.method} ${path} [${request.body?.contentType ?? "-"}] ${preview}${body && body.length > 160 ? `… (${body.length} bytes)` : ""}`;
}

export interface FuzzOutcome {
  failures: string[];
  /** Answers by status, to see that payloads got past validation too (2xx) and not only bounced off it. */
  statuses: Record<number, number>;
}

/** Sends `target.runs` payloads, CONCURRENCY at a time; every answer of 500 or more, or none at all, is a failure. */
export async function fuzz(server: ServerProcess, target: FuzzTarget, salt: number): Promise<FuzzOutcome> {
  const failures: string[] = [];
  const statuses: Record<number, number> = {};
  const first = SEED + salt * SALT_STEP;
  const replaying = REPLAY !== null && REPLAY >= first && REPLAY < first + SALT_STEP;
  const runs = REPLAY === null ? (target.runs ?? RUNS) : replaying ? 1 : 0;
  let next = 0;
  async function worker() {
    while (next < runs) {
      const seed = replaying ? REPLAY! : first + next;
      next++;
      const random = new Random(seed);
      const request = target.make(random);
      const headers: Record<string, string> = {
        Origin: server.url,
        // Each payload from its own address, so the per-IP limits leave the payloads' handling to be tested.
        "X-Forwarded-For": `10.${random.int(250)}.${random.int(250)}.${1 + random.int(250)}`,
      };
      if (request.body?.contentType) headers["Content-Type"] = request.body.contentType;
      if (request.cookie) headers.Cookie = request.cookie;
      Object.assign(headers, request.headers);
      try {
        const status = await send(server, request, headers);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status >= 500) failures.push(`${status} seed ${seed}: ${describe(request)}`);
      } catch (error) {
        const state = server.child.exitCode === null ? "up" : `exited ${server.child.exitCode}`;
        failures.push(`${(error as Error).message} (server ${state}) seed ${seed}: ${describe(request)}`);
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { failures, statuses };
}

/** After the fuzz: the process is alive, answers /healthz, and still renders a page. */
export async function expectStillHealthy(server: ServerProcess) {
  const problems: string[] = [];
  if (server.child.exitCode !== null) problems.push(`server exited with ${server.child.exitCode}`);
  const health = await fetch(`${server.url}/healthz`).catch((error: Error) => error);
  if (health instanceof Error || !health.ok) problems.push(`/healthz: ${String(health)}`);
  const page = await fetch(`${server.url}/about`).catch((error: Error) => error);
  if (page instanceof Error || !page.ok) problems.push(`/about: ${String(page)}`);
  return problems;
}

/** CPU seconds a process has used so far (Linux), to size the suite on a shared machine where wall time lies. */
function cpuSeconds(pid: number | undefined) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** With FUZZ_REPORT=1, prints each target's answers by status and the CPU the server and this process spent. */
export async function reportedFuzz(server: ServerProcess, target: FuzzTarget, salt: number) {
  if (!process.env.FUZZ_REPORT) return fuzz(server, target, salt);
  const serverBefore = cpuSeconds(server.child.pid);
  const clientBefore = process.cpuUsage();
  const started = Date.now();
  const outcome = await fuzz(server, target, salt);
  const client = process.cpuUsage(clientBefore);
  console.log(
    `${target.name}: ${JSON.stringify(outcome.statuses)} wall ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
      `server CPU ${(cpuSeconds(server.child.pid) - serverBefore).toFixed(1)} s, ` +
      `client CPU ${((client.user + client.system) / 1e6).toFixed(1)} s`,
  );
  return outcome;
}

export function closeConnections() {
  agent.destroy();
}

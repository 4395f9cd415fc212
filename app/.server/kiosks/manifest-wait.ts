import type { DeviceKiosk } from "./device-token";
import type { KioskRuntime } from "./runtime";

// The screens' fast path (docs/decisions/085-takeover-by-long-polling.md): a screen keeps one request open that
// answers as soon as its manifest's version differs from the one it names, or after WAIT_MAX_MS with nothing new.
// The check is the manifest revalidation itself, answered from the shared catalog in memory, which every server
// process reads again from the database every few seconds: a change made through any process, on any instance,
// reaches every waiting screen without any message passed between processes.

/** The longest a wait is held open: under the usual proxies' 60 s idle limit, with room to spare. */
export const WAIT_MAX_MS = 25_000;
/** How often a waiting screen's version is compared with the catalog's (in memory: no query). */
export const WAIT_CHECK_MS = 1_000;
/** Waits held at once by one process; past this a screen is answered at once and falls back to its poll. */
export const MAX_WAITERS = 20_000;

let waiters = 0;
const stopping = new AbortController();
let listening = false;

/** A stopping process answers its waits at once, so its shutdown is not held up by open requests. */
function listenForShutdown() {
  if (listening) return;
  listening = true;
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => stopping.abort());
}

export interface WaitAnswer {
  newer: boolean;
  version: string;
  /** False when this process would not hold the request (too many waits, or stopping): poll as usual. */
  held: boolean;
}

/** Waits until the kiosk's manifest version is not `known` (answered at once when it already is not). */
export async function waitForNewerManifest(
  runtime: Pick<KioskRuntime, "manifests">,
  kiosk: DeviceKiosk,
  known: string | null,
  {
    signal,
    maxMs = WAIT_MAX_MS,
    checkMs = WAIT_CHECK_MS,
  }: { signal?: AbortSignal; maxMs?: number; checkMs?: number } = {},
): Promise<WaitAnswer> {
  listenForShutdown();
  const first = await runtime.manifests.current(kiosk);
  if (first.version !== known) return { newer: true, version: first.version, held: true };
  if (waiters >= MAX_WAITERS || stopping.signal.aborted)
    return { newer: false, version: first.version, held: false };
  waiters++;
  try {
    const until = Date.now() + maxMs;
    while (Date.now() < until) {
      const ended = await pause(Math.min(checkMs, until - Date.now()), [signal, stopping.signal]);
      const { version } = await runtime.manifests.current(kiosk);
      if (version !== known) return { newer: true, version, held: true };
      if (ended) return { newer: false, version, held: false };
    }
    return { newer: false, version: first.version, held: true };
  } finally {
    waiters--;
  }
}

/** Resolves after `ms`, or at once when a signal aborts (true then). */
function pause(ms: number, signals: (AbortSignal | undefined)[]): Promise<boolean> {
  return new Promise((resolve) => {
    const live = signals.filter((signal): signal is AbortSignal => !!signal);
    if (live.some((signal) => signal.aborted)) return resolve(true);
    const done = (aborted: boolean) => {
      clearTimeout(timer);
      for (const signal of live) signal.removeEventListener("abort", onAbort);
      resolve(aborted);
    };
    const onAbort = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    for (const signal of live) signal.addEventListener("abort", onAbort, { once: true });
  });
}

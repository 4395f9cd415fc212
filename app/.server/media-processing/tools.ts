import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";

/** Where the ffmpeg and ffprobe binaries are, and the CPU priority media work runs at. */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
  /** The nice value (0 to 19) media work runs at: MEDIA_NICE, by default 19, the lowest priority. */
  nice?: number;
}

/** The lowest CPU priority: pages are served first whenever both want a core. */
export const NICEST = 19;

const require = createRequire(import.meta.url);

/**
 * The binary a package ships for this platform (static builds inside @ffmpeg-installer/ffmpeg and
 * @ffprobe-installer/ffprobe, installed by `npm ci`, never downloaded). The package throws a bare string on a
 * platform it has no build for.
 */
function bundled(pkg: string, variable: string): string {
  try {
    return (require(pkg) as { path: string }).path;
  } catch (error) {
    throw new Error(
      `${pkg} has no binary for ${os.platform()}-${os.arch()} (${String(error)}); set ${variable}`,
    );
  }
}

/**
 * The configured binaries: FFMPEG_PATH / FFPROBE_PATH when set, else the bundled builds (resolved on first use); and
 * MEDIA_NICE, the priority they run at.
 */
export function mediaTools(env: {
  FFMPEG_PATH?: string;
  FFPROBE_PATH?: string;
  MEDIA_NICE?: number;
}): MediaTools {
  let ffmpeg = env.FFMPEG_PATH;
  let ffprobe = env.FFPROBE_PATH;
  return {
    nice: env.MEDIA_NICE ?? NICEST,
    get ffmpeg() {
      return (ffmpeg ??= bundled("@ffmpeg-installer/ffmpeg", "FFMPEG_PATH"));
    },
    get ffprobe() {
      return (ffprobe ??= bundled("@ffprobe-installer/ffprobe", "FFPROBE_PATH"));
    },
  };
}

/**
 * Input options for every file ffmpeg or ffprobe opens: only local files, and only the demuxers of the video types
 * uploads accept (MP4/QuickTime, AVI, WebM). An upload that is really an HLS playlist or a concat list cannot make
 * ffmpeg open other files or URLs.
 */
export const SAFE_INPUT = ["-protocol_whitelist", "file", "-format_whitelist", "mov,avi,matroska"];

export class ToolError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
    this.name = "ToolError";
  }
}

/** A tool that ran past its wall-clock limit and was killed. */
export class TimeLimitExceeded extends Error {
  constructor(tool: string, limitMs: number) {
    super(`${tool} ran past its time limit of ${limitMs / 1000} s and was killed`);
    this.name = "TimeLimitExceeded";
  }
}

const STDERR_TAIL = 2_000;

let launcher: string[] | undefined;

/**
 * What a tool is started through so that it dies with the server: util-linux's `setpriv --pdeathsig KILL` (Linux),
 * which asks the kernel to kill the child when its parent dies. Without it, a server killed mid-transcode leaves
 * ffmpeg running on its own until the clip is done (ffmpeg ignores a closed pipe), competing with the restarted
 * server's new attempt. Where setpriv is missing or too old, tools start directly.
 */
function dieWithParent(): string[] {
  if (launcher) return launcher;
  const setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].find((file) => fs.existsSync(file));
  const works =
    os.platform() === "linux" &&
    setpriv !== undefined &&
    spawnSync(setpriv, ["--pdeathsig", "KILL", "true"], { stdio: "ignore" }).status === 0;
  launcher = works ? [setpriv, "--pdeathsig", "KILL"] : [];
  return launcher;
}

export interface RunToolOptions {
  signal?: AbortSignal;
  /** The nice value to run at (0 to 19, higher is lower priority); unset: this process's own. */
  nice?: number;
  /** Wall-clock limit: past it the tool is killed and the run fails with `TimeLimitExceeded`. */
  timeLimitMs?: number;
}

/**
 * Runs a binary as a child process and answers its stdout. With `nice` it runs at that CPU priority (media work
 * at MEDIA_NICE, by default 19, the lowest), so page rendering wins whenever both want the core. `signal` kills it, and so does `timeLimitMs`, and
 * so does the death of this process (see `dieWithParent`). Failure carries the end of its stderr, where ffmpeg says
 * what went wrong.
 */
export function runTool(
  file: string,
  args: string[],
  { signal, nice, timeLimitMs }: RunToolOptions = {},
): Promise<string> {
  const name = file.split("/").pop()!;
  const timer = timeLimitMs === undefined ? undefined : new AbortController();
  const timeout =
    timer && setTimeout(() => timer.abort(new TimeLimitExceeded(name, timeLimitMs!)), timeLimitMs);
  const stop = timer ? (signal ? AbortSignal.any([signal, timer.signal]) : timer.signal) : signal;
  return runChild(file, args, stop, nice, name).finally(() => clearTimeout(timeout));
}

function runChild(
  file: string,
  args: string[],
  signal: AbortSignal | undefined,
  nice: number | undefined,
  name: string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const [via, ...viaArgs] = [...dieWithParent(), file];
    if (via !== file) {
      // A missing binary must fail as it would without the launcher: not as the tool's own failure (a bad file).
      try {
        fs.accessSync(file, fs.constants.X_OK);
      } catch (error) {
        reject(error as Error);
        return;
      }
    }
    const child = spawn(via!, [...viaArgs, ...args], {
      stdio: ["ignore", "pipe", "pipe"],
      signal,
      killSignal: "SIGKILL",
    });
    if (nice !== undefined && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, nice);
      } catch {
        // Not allowed here (some containers): it still runs, with one thread, just not deprioritized.
      }
    }
    const stdout: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-STDERR_TAIL);
    });
    child.once("error", (error) => reject(signal?.aborted ? signal.reason : error));
    child.once("close", (code, killedBy) => {
      if (signal?.aborted) reject(signal.reason);
      else if (code === 0) resolve(Buffer.concat(stdout).toString());
      else {
        const how = killedBy ? `was killed (${killedBy})` : `exited with code ${code}`;
        reject(new ToolError(`${name} ${how}: ${lastLine(stderr)}`, stderr));
      }
    });
  });
}

function lastLine(text: string) {
  return text.trim().split("\n").pop()?.trim() || "no message";
}

import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, skipWithout, startServer, type ServerProcess } from "../support/server-process";

// kiosk/launch.sh (docs/kiosk-setup.md) as a Linux screen runs it: under an X server (Xvfb here) with Debian's
// Chromium, against the built server. The player opens full-screen and shows a pairing code; when Chromium dies,
// the launcher opens it again and the code is back; on SIGTERM the launcher stops and takes Chromium with it.

const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((candidate) =>
  fs.existsSync(candidate),
);
const XVFB = ["/usr/bin/Xvfb"].find((candidate) => fs.existsSync(candidate));

let server: ServerProcess;
let xvfb: ChildProcess;
let display = "";
let launcher: ChildProcess;
let launcherLog = "";
let debugPort = 0;
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "localshine-kiosk-profile-"));

/** Xvfb on a display number it picks itself (-displayfd), so parallel runs never collide. */
async function startXvfb(): Promise<void> {
  xvfb = spawn(XVFB!, ["-displayfd", "3", "-screen", "0", "1080x1920x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "pipe", "pipe"],
  });
  display = await new Promise<string>((resolve, reject) => {
    let text = "";
    xvfb.stdio[3]!.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes("\n")) resolve(`:${text.trim()}`);
    });
    xvfb.once("exit", (code) => reject(new Error(`Xvfb exited (${code})`)));
  });
}

/** The page Chromium shows, through its remote debugging port, once the port answers (the browser is up). */
async function connect(): Promise<Browser> {
  for (;;) {
    try {
      return await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
    } catch {
      if (launcher.exitCode !== null) throw new Error(`launcher exited:\n${launcherLog}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function pairingCodeShown(): Promise<string> {
  const browser = await connect();
  try {
    for (;;) {
      const page = browser.contexts().flatMap((context) => context.pages())[0];
      if (page) {
        const code = page.getByTestId("pairing-code");
        await code.waitFor({ timeout: 60_000 });
        return (await code.textContent())!.trim();
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    // Only the debugging connection: the browser itself stays up.
    await browser.close();
  }
}

/** The pids of `pid`'s children (Linux /proc). */
function childrenOf(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  return fs.existsSync(file)
    ? fs.readFileSync(file, "utf8").trim().split(/\s+/).filter(Boolean).map(Number)
    : [];
}

beforeAll(async () => {
  if (!CHROMIUM || !XVFB) {
    // CI installs both (.ci/run): missing there, the run is broken, not a reason to skip.
    if (process.env.CI) throw new Error("Chromium and Xvfb are needed (apt-get install chromium xvfb)");
    return;
  }
  server = await startServer();
  await startXvfb();
  debugPort = await freePort();
  launcher = spawn("kiosk/launch.sh", [`${server.url}/kiosk`], {
    env: {
      ...process.env,
      DISPLAY: display,
      CHROMIUM,
      KIOSK_PROFILE: profile,
      KIOSK_RESTART_DELAY: "0",
      // The test runs as root in a container (no sandbox there) and without a GPU, and starts Chromium twice: nothing
      // in the background. The debugging port is the test's window on the page.
      KIOSK_EXTRA_FLAGS: [
        "--no-sandbox --disable-gpu --disable-dev-shm-usage --disable-extensions --disable-sync",
        "--disable-background-networking --disable-component-update --disable-default-apps",
        `--remote-debugging-port=${debugPort}`,
      ].join(" "),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  launcher.stdout!.on("data", (chunk: Buffer) => (launcherLog += chunk.toString()));
  launcher.stderr!.on("data", (chunk: Buffer) => (launcherLog += chunk.toString()));
});

afterAll(async () => {
  if (launcher && launcher.exitCode === null) {
    const exited = new Promise((resolve) => launcher.once("exit", resolve));
    launcher.kill("SIGTERM");
    await exited;
  }
  xvfb?.kill("SIGTERM");
  await server?.stop();
  fs.rmSync(profile, { recursive: true, force: true });
});

describe("kiosk/launch.sh", () => {
  it("opens the player full-screen, shows a pairing code, opens Chromium again when it dies, and stops on SIGTERM", async (ctx) => {
    skipWithout(ctx, Boolean(CHROMIUM && XVFB), "Debian's chromium and xvfb are not installed");
    expect(await pairingCodeShown()).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    const first = childrenOf(launcher.pid!);
    expect(first).toHaveLength(1);

    // Chromium crashes: the launcher opens it again, and the screen shows a code again.
    process.kill(first[0]!, "SIGKILL");
    expect(await pairingCodeShown()).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    expect(launcherLog).toMatch(/Chromium exited \(137\); opening it again/);
    const second = childrenOf(launcher.pid!);
    expect(second).toHaveLength(1);
    expect(second[0]).not.toBe(first[0]);

    const exited = new Promise<number | null>((resolve) => launcher.once("exit", resolve));
    launcher.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(fs.existsSync(`/proc/${second[0]}`) && !isZombie(second[0]!)).toBe(false);
  }, 90_000);
});

function isZombie(pid: number): boolean {
  try {
    return /^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return true;
  }
}

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "../infra/config/env";
import { mediaTools, NICEST, runTool } from "./tools";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ls-tool-priority-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * The nice value a tool runs at, read by the tool itself from /proc. It reads it only once the test has seen
 * `runTool` return (the priority is set right after the child starts), signalled by a file the test writes.
 */
async function niceOfTool(nice: number | undefined, name: string) {
  const go = path.join(dir, name);
  const answer = runTool(
    "/bin/sh",
    ["-c", `while [ ! -e '${go}' ]; do sleep 0.02; done; cut -d' ' -f19 /proc/$$/stat`],
    { nice },
  );
  fs.writeFileSync(go, "");
  return Number((await answer).trim());
}

describe.runIf(os.platform() === "linux")("media work's CPU priority", () => {
  it("runs at MEDIA_NICE: 19 by default, the configured value otherwise", async () => {
    const byDefault = mediaTools(parseEnv({ NODE_ENV: "test" }));
    expect(byDefault.nice).toBe(NICEST);
    expect(await niceOfTool(byDefault.nice, "default")).toBe(19);
    const configured = mediaTools(parseEnv({ NODE_ENV: "test", MEDIA_NICE: "10" }));
    expect(await niceOfTool(configured.nice, "ten")).toBe(10);
    // Without a value, a tool keeps this process's own priority.
    expect(await niceOfTool(undefined, "own")).toBe(os.getPriority());
  });

  it("refuses a MEDIA_NICE outside 0 to 19", () => {
    for (const value of ["-1", "20", "1.5", "low"]) {
      expect(() => parseEnv({ NODE_ENV: "test", MEDIA_NICE: value }), value).toThrow(
        /MEDIA_NICE must be a whole number from 0 to 19/,
      );
    }
  });
});

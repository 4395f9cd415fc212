import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The layout shows the architecture (docs/architecture.md#where-things-live): infrastructure under
// app/.server/infra/ knows nothing of the domains that use it (it may use app/lib/, the code shared with the browser), and test helpers live under tests/, not in the
// production tree.

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;

function trackedFiles(): string[] {
  return execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" }).split("\0").filter(Boolean);
}

/** Repository-relative target of a relative or `~/` import, or undefined for a package. */
function importTarget(file: string, specifier: string): string | undefined {
  if (specifier.startsWith("~/")) return path.posix.join("app", specifier.slice(2));
  if (specifier.startsWith("."))
    return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  return undefined;
}

describe("repository layout", () => {
  it("infrastructure imports no domain code", () => {
    const offending = trackedFiles()
      .filter(
        (file) => file.startsWith("app/.server/infra/") && /\.tsx?$/.test(file) && !file.endsWith(".test.ts"),
      )
      .flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(IMPORT)]
          .map((match) => importTarget(file, match[1]))
          .filter(
            (target): target is string =>
              target !== undefined &&
              !target.startsWith("app/.server/infra/") &&
              !target.startsWith("app/lib/"),
          )
          .map((target) => `${file} imports ${target}`),
      );
    expect(offending).toEqual([]);
  });

  it("keeps test helpers out of the production tree", () => {
    const helpers = trackedFiles().filter(
      (file) => file.startsWith("app/") && /(^|\/)test-[^/]*\.tsx?$|\.child\.tsx?$/.test(file),
    );
    expect(helpers).toEqual([]);
  });
});

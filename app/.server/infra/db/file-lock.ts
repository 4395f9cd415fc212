import fs from "node:fs";
import path from "node:path";

export class DatabaseLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holderPid: number,
    readonly holderCommand: string,
  ) {
    super(
      `The embedded database in ${dir} is in use by process ${holderPid} (${holderCommand}). ` +
        `Only one process may open it at a time: stop that process (for example the running server) and try again, ` +
        `or set DATABASE_URL to use a PostgreSQL server that several processes can share.`,
    );
    this.name = "DatabaseLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes the exclusive owner lock of an embedded database directory (PGlite does not lock: two processes would
 * silently lose writes). A lock left by a process that no longer runs (SIGKILL) is taken over.
 * Returns the function that releases it.
 */
export function acquireDirectoryLock(dir: string): () => void {
  const lockPath = path.join(dir, "owner.lock");
  const record = JSON.stringify({
    pid: process.pid,
    command: process.argv.slice(1).join(" "),
    since: new Date(),
  });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, record, { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          const current = JSON.parse(fs.readFileSync(lockPath, "utf8")) as { pid: number };
          if (current.pid === process.pid) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let holder: { pid: number; command?: string } | undefined;
      try {
        holder = JSON.parse(fs.readFileSync(lockPath, "utf8"));
      } catch {
        holder = undefined; // half-written by a process that died; treat as stale
      }
      if (holder && isAlive(holder.pid)) {
        throw new DatabaseLockedError(dir, holder.pid, holder.command ?? "unknown command");
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}

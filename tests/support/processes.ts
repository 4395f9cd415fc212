import fs from "node:fs";

/** The live processes whose parent is `parentPid` (Linux `/proc`), with their command lines. */
export function childProcesses(parentPid: number): { pid: number; command: string }[] {
  const found: { pid: number; command: string }[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // "pid (comm) state ppid …": comm may hold spaces, so read after its closing parenthesis.
      const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(ppid) !== parentPid || state === "Z") continue;
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ");
      found.push({ pid: Number(entry), command });
    } catch {
      // It exited while being read.
    }
  }
  return found;
}

/** Whether `pid` is a running process (a zombie has died: only its parent's bookkeeping is left). */
export function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

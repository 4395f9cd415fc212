import v8 from "node:v8";

/** V8's largest heap growing factor (4×), fixed instead of adapted (docs/decisions/011-heap-growing.md). */
export const HEAP_GROWING_FLAG = "--heap-growing-percent=300";

/**
 * Lets the old generation grow to four times what survived the last full collection before V8 starts the next
 * one. Under load, V8's adaptive factor often starts one after a few tens of MB, and each costs a pause plus
 * ~100 ms of marking on this machine's two cores. An operator's own `--heap-growing-percent` on the command line
 * wins (`=0` restores V8's adaptive factor). Returns the flag it set, or null.
 */
export function tuneHeapGrowing(execArgv: readonly string[] = process.execArgv): string | null {
  if (execArgv.some((arg) => arg.replaceAll("_", "-").startsWith("--heap-growing-percent"))) return null;
  v8.setFlagsFromString(HEAP_GROWING_FLAG);
  return HEAP_GROWING_FLAG;
}

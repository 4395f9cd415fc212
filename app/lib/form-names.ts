import { fieldShapeOf, type FieldShape } from "./form-shape";
import type { z } from "./zod";

/**
 * Field names are input too. Conform (like most form parsers) reads `list[3].name` as a path and builds the object
 * it names, so `x[10000000]=1` would become a list of ten million slots that validation walks and a reply echoes.
 * Every form's entries are therefore checked against its schema's shape (form-shape.ts) before any object is built:
 *
 * - a name the schema does not know is dropped (zod would drop it too), so it never reaches the object or a reply;
 * - an index past the list's maximum, an index or a key under a plain value, a plain value where only a list of
 *   objects fits, a value repeated more often than the field holds, or a name that is not a path: the whole form is
 *   refused;
 * - Conform's own `__intent__` must be one the site's forms send (a field's check while typing, a reset, the list
 *   buttons of a form posted without JavaScript); a reset and the list buttons must name a place the schema has,
 *   with indices within the list's bounds. Its `__state__` is never sent by the site's forms and is dropped.
 */

/** Conform's reserved names (@conform-to/dom's INTENT and STATE). */
const INTENT = "__intent__";
const STATE = "__state__";

type Segment = string | number | "";
type Entry = [string, FormDataEntryValue];

/** The entries to parse (unknown names left out), or null when the form must be refused. */
export function boundedEntries(entries: Iterable<Entry>, schema: z.ZodType): Entry[] | null {
  const root = fieldShapeOf(schema);
  const counts = new Map<string, number>();
  const kept: Entry[] = [];
  for (const entry of entries) {
    const [name, value] = entry;
    if (name === STATE) continue;
    if (name === INTENT) {
      if (typeof value !== "string" || !isAllowedIntent(root, value)) return null;
      kept.push(entry);
      continue;
    }
    const segments = parsePath(name);
    if (!segments) return null;
    const place = resolve(root, segments);
    if (place === "unknown") continue;
    if (place === "refused") return null;
    const { node, countKey } = place;
    // How many values this name may carry: one for a plain value, a list's maximum for a list of plain values.
    const limit = Math.max(node.value ? 1 : 0, node.items?.value ? (node.maxItems ?? 0) : 0);
    const count = (counts.get(countKey) ?? 0) + 1;
    if (count > limit) return null;
    counts.set(countKey, count);
    kept.push(entry);
  }
  return kept;
}

type Place = { node: FieldShape; countKey: string } | "unknown" | "refused";

/** Where a path leads in the shape: a place that may hold values, a name to drop, or a name to refuse. */
function resolve(root: FieldShape, segments: Segment[]): Place {
  let node = root;
  let countKey = "";
  for (const [index, segment] of segments.entries()) {
    if (segment === "") {
      // `list[]`: one more item at the end (Conform allows empty brackets last only).
      if (!node.items || !node.items.value || index !== segments.length - 1) return "refused";
      return { node: { value: false, items: node.items, maxItems: node.maxItems }, countKey };
    }
    if (typeof segment === "number") {
      if (!node.items || segment >= (node.maxItems ?? 0)) return "refused";
      node = node.items;
      countKey += `[${segment}]`;
      continue;
    }
    const child = node.fields?.get(segment) ?? node.anyKey;
    if (!child) return node.fields || node.anyKey ? "unknown" : "refused";
    node = child;
    countKey += `.${segment}`;
  }
  return { node, countKey };
}

/**
 * A form path as Conform reads it (`a.b[2].c`, `list[]`), or null when it is not one. Conform skips such a name
 * silently; here it refuses the form, as no form of the site sends one.
 */
export function parsePath(path: string): Segment[] | null {
  const token = /([^.[\]]+)|\[(\d*)\]/g;
  const segments: Segment[] = [];
  let last = 0;
  for (let match = token.exec(path); match; match = token.exec(path)) {
    const joined = match.index === last || (match.index === last + 1 && path[last] === "." && last > 0);
    if (!joined) return null;
    const [, key, index] = match;
    if (key !== undefined) segments.push(key);
    else if (index === "") segments.push("");
    else if (index!.length > 9) return null;
    else segments.push(Number(index));
    last = token.lastIndex;
  }
  return path.length > 0 && last === path.length ? segments : null;
}

const LIST_INTENTS = new Set(["insert", "remove", "reorder"]);

/** Whether a serialized Conform intent names places the schema has, with indices within their lists. */
function isAllowedIntent(root: FieldShape, serialized: string): boolean {
  let intent: unknown;
  try {
    intent = JSON.parse(serialized);
  } catch {
    return false;
  }
  if (!isRecord(intent) || typeof intent.type !== "string" || !isRecord(intent.payload)) return false;
  const { type, payload } = intent;
  const name = payload.name ?? "";
  if (typeof name !== "string") return false;
  // A field's check while typing (the browser only) reads the form and changes nothing in it.
  if (type === "validate") return true;
  const segments = name === "" ? [] : parsePath(name);
  if (!segments) return false;
  for (const key of ["index", "from", "to"] as const) {
    if (payload[key] !== undefined && !isIndex(payload[key])) return false;
  }
  // A reset clears the form or one field; an update (which would write a value of its own) no form here sends.
  if (type === "reset") {
    const at = payload.index === undefined ? segments : [...segments, payload.index as number];
    return at.length === 0 || isKnown(resolve(root, at));
  }
  if (!LIST_INTENTS.has(type) || segments.length === 0) return false;
  const place = resolve(root, segments);
  if (!isKnown(place) || !place.node.items) return false;
  const max = place.node.maxItems ?? 0;
  return (["index", "from", "to"] as const).every(
    (key) => payload[key] === undefined || (payload[key] as number) <= max,
  );
}

const isKnown = (place: Place): place is Exclude<Place, string> => typeof place !== "string";
const isIndex = (value: unknown) => typeof value === "number" && Number.isInteger(value) && value >= 0;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

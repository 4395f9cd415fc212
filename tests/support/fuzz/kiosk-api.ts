import { randomUUID } from "node:crypto";
import { garbage, json, urlencoded, urlPart, type EncodedBody } from "./encode";
import type { FuzzRequest } from "./runner";
import { CONTROLS, mutate, type FuzzFields, type FuzzValue, type Random } from "./values";

/**
 * The kiosk device API's requests (docs/architecture.md#device-callers) as a screen sends them, and the hostile
 * versions of them: every string field, nested ones included, gets control characters, lone surrogates, invalid
 * UTF-8, huge values and wrong types.
 */

export interface Device {
  token: string;
  kioskId: string;
}

const UUID = "7d3f1a52-9c1e-4b8e-a0b4-2f6c1d9e8a10";

export const deviceTemplates = {
  heartbeat: (): FuzzFields => ({
    playerVersion: "1.4.0",
    manifestVersion: "m-2026-03-04-1",
    playing: { itemId: `ad:${UUID}:0`, adId: UUID },
    storageBytes: 123456,
    errors: ["Could not load /media/x.mp4", "Manifest: HTTP 503"],
  }),
  plays: (device: Device): FuzzFields => ({
    plays: [0, 1, 2].map((second) => ({
      id: randomUUID(),
      adId: UUID,
      itemId: `ad:${UUID}:0`,
      kioskId: device.kioskId,
      startedAt: `2026-03-04T18:00:0${second}.000Z`,
      endedAt: `2026-03-04T18:00:1${second}.000Z`,
      completed: true,
    })),
  }),
  /** A screen's picture: `jpeg` is a real JPEG in base64 (made by the test with sharp). */
  screenshot: (jpeg: string): FuzzFields => ({ jpeg }),
};

/** Every path to a string in a JSON value, as keys and indices. */
export function stringPaths(value: FuzzValue, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === "string") return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value !== null && typeof value === "object" && !Buffer.isBuffer(value)) {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  }
  return [];
}

/** `value` with the value at `path` replaced (a copy; the template is not changed). */
export function replaceAt(value: FuzzValue, path: (string | number)[], next: FuzzValue): FuzzValue {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (Array.isArray(value))
    return value.map((item, index) => (index === head ? replaceAt(item, rest, next) : item));
  const record = value as Record<string, FuzzValue>;
  return { ...record, [head!]: replaceAt(record[head!]!, rest, next) };
}

/** A device body: the template with one to three of its strings (at any depth) made hostile, or a key. */
export function deviceBody(random: Random, template: FuzzFields): EncodedBody {
  let value: FuzzValue = template;
  const roll = random.next();
  if (roll < 0.05) return json(random, template);
  if (roll < 0.08) return random.chance(0.5) ? garbage(random) : urlencoded(random, template);
  const paths = stringPaths(template);
  for (let changes = 1 + random.int(3); changes > 0; changes--) {
    const path = random.pick(paths);
    value = replaceAt(value, path, mutate(random, "x") ?? null);
  }
  if (random.chance(0.1)) value = { ...(value as FuzzFields), [`k${random.pick(CONTROLS)}`]: "x" };
  return json(random, value as FuzzFields);
}

/** One sweep request: `control` put inside the string at `path` of the template. */
export function sweepBody(template: FuzzFields, path: (string | number)[], control: string): EncodedBody {
  const original = path.reduce<FuzzValue>(
    (value, key) => (value as Record<string | number, FuzzValue>)[key]!,
    template,
  ) as string;
  const value = replaceAt(template, path, `${original.slice(0, 2)}${control}${original.slice(2)}`);
  return { body: Buffer.from(JSON.stringify(value)), contentType: "application/json" };
}

/** A GET of a pairing with a hostile id and secret, or of the manifest with a hostile If-None-Match. */
export function deviceGet(random: Random, device: Device): FuzzRequest {
  // Header values stay printable (Node sends no others); the hostile part is which printable text.
  const printable = (base: string) => {
    const value = random.chance(0.85) ? mutate(random, base) : base;
    const text = Buffer.isBuffer(value)
      ? value.toString("latin1")
      : typeof value === "string"
        ? value
        : JSON.stringify(value);
    return (text ?? "").slice(0, 4000).replace(/[^\x20-\x7e]/g, "?");
  };
  if (random.chance(0.5)) {
    return {
      method: "GET",
      path: `/api/kiosk/pairings/${urlPart(random, UUID)}`,
      headers: { "X-Pairing-Secret": printable("s3cr3t-s3cr3t-s3cr3t") },
    };
  }
  return {
    method: "GET",
    path: "/api/kiosk/manifest",
    headers: { Authorization: `Bearer ${device.token}`, "If-None-Match": printable('"m-1", W/"m-2"') },
  };
}

import type { ZipCodeRecord } from "zipcodes";

export interface Coordinates {
  latitude: number;
  longitude: number;
}

type Lookup = (zip: string) => ZipCodeRecord | undefined;

let lookupPromise: Promise<Lookup> | undefined;

/**
 * The offline dataset is ~5 MB of JavaScript (about a second to evaluate), so it is loaded on the first save
 * that needs it rather than at server start, and then kept.
 */
function loadLookup(): Promise<Lookup> {
  lookupPromise ??= import("zipcodes").then((mod) => {
    // CommonJS package: Node exposes `lookup` as a named export, some bundlers only under `default`.
    const loaded = mod as { lookup?: Lookup; default?: { lookup?: Lookup } };
    const api = loaded.lookup ?? loaded.default?.lookup;
    if (!api) throw new Error("zipcodes: lookup() not found");
    return api;
  });
  return lookupPromise;
}

const US_ZIP = /^(\d{5})(?:-?\d{4})?$/;

/**
 * docs/product.md#network-map: a business is placed at its zip code's centroid, from an offline US dataset (no
 * network). ZIP+4 uses its first five digits. Anything that is not a known US zip answers null, leaving the map
 * position empty.
 */
export async function zipCentroid(zipCode: string): Promise<Coordinates | null> {
  const match = US_ZIP.exec(zipCode.trim());
  if (!match) return null;
  const record = (await loadLookup())(match[1]!);
  if (!record || record.country !== "US") return null;
  if (!Number.isFinite(record.latitude) || !Number.isFinite(record.longitude)) return null;
  return { latitude: record.latitude, longitude: record.longitude };
}

import islandUrls from "virtual:islands";

/**
 * The islands (app/islands/*.island.ts): small modules that give pages without React their few behaviours. A route
 * lists the ones it needs in `handle.islands` (PageHandle, ./page-handle.ts); the root layout loads them, with the
 * response's nonce.
 */
export type IslandName =
  | "back-link"
  | "busy-form"
  | "dialogs"
  | "field-checks"
  | "near-me"
  | "network-map"
  | "password-strength"
  | "phone-menu"
  | "submit-on-change";

export function islandUrl(name: IslandName): string {
  const url = islandUrls[name];
  if (!url) throw new Error(`no island named ${name}`);
  return url;
}

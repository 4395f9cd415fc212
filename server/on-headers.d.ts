// The `on-headers` package (Express's own helper, also used by `compression`) ships no types.
declare module "on-headers" {
  import type { ServerResponse } from "node:http";
  /** Calls `listener` (with `this` the response) just before the response writes its headers. */
  export default function onHeaders(res: ServerResponse, listener: (this: ServerResponse) => void): void;
}

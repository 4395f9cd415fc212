import type { Logger } from "pino";
import { createContext, type RouterContextProvider } from "react-router";

export interface RequestInfo {
  requestId: string;
  /** The client address as Express resolved it (TRUST_PROXY decides whether X-Forwarded-For counts). */
  clientIp: string;
  log: Logger;
  /** The Content-Security-Policy nonce for this response's inline scripts. */
  nonce?: string;
}

const key = Symbol.for("local-shine.request-context");
const holder = globalThis as unknown as Record<symbol, ReturnType<typeof createContext<RequestInfo>>>;
/** Per-request facts for loaders and actions; one key per process even when dev reloads modules. */
export const requestInfoContext = (holder[key] ??= createContext<RequestInfo>());

export function getRequestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestInfoContext);
}

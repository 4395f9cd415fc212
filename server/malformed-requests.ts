import net from "node:net";
import type { NextFunction, Request, Response } from "express";

/** A DNS name: labels of letters, digits, "-" and "_", at most 63 characters each and 253 in all. */
const HOSTNAME =
  /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/i;
const AUTHORITY = /^(\[[^\]]*\]|[^:[\]]*)(?::(\d{1,5}))?$/;

/** Whether `value` is a host a client could really be asking for: a DNS name, IPv4 or [IPv6], and an optional port. */
export function isValidAuthority(value: string | undefined): boolean {
  const match = value ? AUTHORITY.exec(value) : null;
  if (!match) return false;
  const [, host, port] = match;
  if (port !== undefined && Number(port) > 65_535) return false;
  const hostOk = host.startsWith("[") ? net.isIPv6(host.slice(1, -1)) : HOSTNAME.test(host);
  // The URL parser has the last word ("1.2.3.4.5" looks like a name but is an invalid IPv4 address to it).
  return hostOk && URL.canParse(`http://${value}/`);
}

/** What is wrong with a request the application could not even turn into a URL, or null. */
function malformation(req: Request): string | null {
  if (!req.originalUrl.startsWith("/")) return "request target";
  if (!isValidAuthority(req.get("host"))) return "Host";
  // Behind a trusted proxy, Express and React Router build the URL from the forwarded headers instead.
  if (req.app.enabled("trust proxy")) {
    const forwardedHost = req.get("x-forwarded-host");
    if (forwardedHost !== undefined && !isValidAuthority(forwardedHost)) return "X-Forwarded-Host";
  }
  if (!/^https?$/i.test(req.protocol)) return "X-Forwarded-Proto";
  return null;
}

/**
 * Refuses, with 400 and before any other code reads them, requests whose Host, forwarded host or protocol or
 * request target cannot make a URL of this site (`Host: a b`, `Host: [::`, no Host at all, `X-Forwarded-Proto:
 * javascript`, `GET http://elsewhere/`). Without this they reach the React Router adapter, whose `new URL()`
 * throws, and the visitor gets a 500 (docs/security.md "Malformed requests").
 */
export function rejectMalformedRequests() {
  return (req: Request, res: Response, next: NextFunction) => {
    const problem = malformation(req);
    if (!problem) return next();
    req.log?.info({ problem }, "malformed request refused");
    res.status(400).set("Connection", "close").type("text/plain").send("Bad Request");
  };
}

import type { Logger } from "pino";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { everyString, isStorableText } from "~/lib/form-fields";
import { getRequestInfo } from "../infra/http/request-context";
import { getServicesFrom, type Services } from "../services";
import { bearerToken } from "./device-token";
import { kioskRuntime, type KioskRuntime } from "./runtime";

// The device API's door (docs/architecture.md#device-callers): JSON in and out, no cookies, a bearer token. A wrong
// token counts against the caller's address; once the address is blocked, its wrong tokens get 429 without another
// write. A right token is always accepted, blocked address or not: a 256-bit token is not guessed, and anyone on a
// shop's Wi-Fi could otherwise keep that shop's screen offline by sending wrong ones from the same address.

export interface DeviceRequest {
  request: Request;
  services: Services;
  runtime: KioskRuntime;
  clientIp: string;
  log: Logger;
}

/** A JSON answer the browser and every proxy keep no copy of (manifests set their own revalidation headers). */
export function deviceJson(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return Response.json(body, { ...init, headers });
}

export function tooManyAttempts(retryAfter: number): Response {
  return deviceJson(
    { error: "too-many-attempts" },
    { status: 429, headers: { "Retry-After": String(retryAfter) } },
  );
}

export const UNPAIRED = () =>
  deviceJson({ error: "unpaired" }, { status: 401, headers: { "WWW-Authenticate": "Bearer" } });

/**
 * Runs a device endpoint: an unexpected failure is logged once and answered 500 in JSON; replies thrown as
 * Responses pass through. Blocking is refuseToken's (and checkPairing's) work, after the token is looked up.
 */
export async function deviceEndpoint(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  handle: (device: DeviceRequest) => Promise<Response>,
): Promise<Response> {
  const { clientIp, log } = getRequestInfo(context);
  const services = getServicesFrom(context);
  const runtime = kioskRuntime(services);
  try {
    return await handle({ request, services, runtime, clientIp, log });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    log.error({ err: thrown }, "kiosk device request failed");
    return deviceJson({ error: "unexpected" }, { status: 500 });
  }
}

/** The request's device token; none at all is 401 (not a guess: nothing was tried). */
export function requireBearer(device: DeviceRequest): string {
  const token = bearerToken(device.request.headers.get("Authorization"));
  if (!token) throw UNPAIRED();
  return token;
}

/**
 * A token that names no paired kiosk: 401, counted as a guess; 429 once the address is over its limit, and from
 * then on without counting (no write) until the block ends.
 */
export async function refuseToken(device: DeviceRequest): Promise<never> {
  const verdict = await device.runtime.guesses.wrongGuess(device.services.db, device.clientIp);
  throw verdict.allowed ? UNPAIRED() : tooManyAttempts(verdict.retryAfter);
}

/**
 * The frame of a screen's POST (heartbeat, plays): its bearer token (none: 401), its JSON body checked with
 * `schema` (400 when it does not fit), then `lookup` finds the token's paired kiosk, and may do the request's
 * work in the same statement (the heartbeat's update); null from it is a wrong token, refused by refuseToken.
 */
export async function authorizeDevicePost<Schema extends z.ZodType, Found>(
  device: DeviceRequest,
  schema: Schema,
  lookup: (token: string, body: z.output<Schema>) => Promise<Found | null>,
): Promise<{ found: Found; body: z.output<Schema> }> {
  const token = requireBearer(device);
  const parsed = schema.safeParse(await readJson(device.request));
  if (!parsed.success) throw MALFORMED();
  const found = (await lookup(token, parsed.data)) ?? (await refuseToken(device));
  return { found, body: parsed.data };
}

const MALFORMED = () => deviceJson({ error: "malformed" }, { status: 400 });

/**
 * The request's JSON body (bounded by server/body-limit.ts), or a 400 when it is not JSON or when any string in it,
 * key or value, holds what no text of the site may (a NUL, another control character than tab or a line break, a
 * lone surrogate: the forms' rule, docs/security.md "Control characters"). PostgreSQL would refuse such a string
 * in the heartbeat's JSON with an error, and a device's text is never meant to carry one.
 */
export async function readJson(request: Request): Promise<unknown> {
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    throw MALFORMED();
  }
  if (!everyString(body, isStorableText)) throw MALFORMED();
  return body;
}

export const METHOD_NOT_ALLOWED = (allow: string) =>
  deviceJson({ error: "method-not-allowed" }, { status: 405, headers: { Allow: allow } });

import type { IncomingMessage, ServerResponse } from "node:http";
import { stdSerializers } from "pino";
import { redactSecrets } from "../http/private-urls";

/**
 * What the log may say about requests, responses and errors (docs/security.md "Secrets in logs"): named fields
 * only, never headers (cookies, Set-Cookie, Authorization), and every URL and error text with its secret values
 * redacted. Any log call that passes `req`, `res`, `err` or `url` goes through these.
 */

type RequestLike = Pick<IncomingMessage, "method" | "url"> & { originalUrl?: string };

export function serializeRequest(req: RequestLike) {
  return { method: req.method, url: redactSecrets(req.originalUrl ?? req.url ?? "") };
}

export function serializeResponse(res: Pick<ServerResponse, "statusCode">) {
  return { statusCode: res.statusCode };
}

/** An error's identity and story, minus what libraries attach to it (query parameters, headers, bodies). */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> | unknown {
  if (!(error instanceof Error)) return typeof error === "string" ? redactSecrets(error) : error;
  const { type, message, stack } = stdSerializers.err(error);
  const extra = error as Error & { code?: unknown; status?: unknown; statusCode?: unknown };
  return {
    type,
    // Drizzle puts a failed query's parameters (tokens, password hashes) in its message.
    message: scrub(message),
    stack: scrub(stack),
    ...(typeof extra.code === "string" || typeof extra.code === "number" ? { code: extra.code } : {}),
    ...(typeof extra.status === "number" ? { status: extra.status } : {}),
    ...(typeof extra.statusCode === "number" ? { statusCode: extra.statusCode } : {}),
    ...(error.cause !== undefined && depth < 3 ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}

function scrub(text: string | undefined): string | undefined {
  return text === undefined
    ? undefined
    : redactSecrets(text.replace(/\nparams: [^\n]*/g, "\nparams: [redacted]"));
}

export const logSerializers = {
  req: serializeRequest,
  res: serializeResponse,
  err: serializeError,
  url: (url: unknown) => (typeof url === "string" ? redactSecrets(url) : url),
};

/** Field names whose values are never logged, wherever they sit in a logged object. */
export const REDACTED_PATHS = [
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "secret",
  "cookie",
].flatMap((key) => [key, `*.${key}`]);

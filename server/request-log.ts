import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pinoHttp } from "pino-http";
import { logSerializers } from "~/.server/infra/logging/log-serializers";
import { logger } from "~/.server/infra/logging/logger";
import { redactSecrets } from "~/.server/infra/http/private-urls";

type Request = IncomingMessage & { originalUrl?: string };

const startedAt = new WeakMap<ServerResponse, number>();

/**
 * A form page's refusal is answered 200 with its own status in X-Form-Status (docs/decisions/071): the log keeps
 * the refusal's status, for the level and in the line.
 */
function formStatus(res: ServerResponse): number | null {
  const value = Number(res.getHeader("x-form-status"));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * "GET /reset-password?token=[redacted] 200 12ms", "POST /signin 200 40ms (form refused: 401)": what a person
 * reading the log needs about one request.
 */
function describe(req: Request, res: ServerResponse) {
  const url = redactSecrets(req.originalUrl ?? req.url ?? "");
  const ms = Date.now() - (startedAt.get(res) ?? Date.now());
  const refused = formStatus(res);
  const form = refused ? ` (form refused: ${refused})` : "";
  const aborted = res.writableEnded ? "" : " (aborted by the client)";
  return `${req.method} ${url} ${res.statusCode} ${ms}ms${form}${aborted}`;
}

/**
 * One log line per request (docs/security.md "Secrets in logs"): method, path without secrets, status, time and
 * request id, through the serializers of app/.server/infra/logging/log-serializers.ts, so no header, cookie or token is written.
 * Only the server's own failures are errors: refusals (4xx) are warnings, a page not found is information.
 */
export function requestLog() {
  return pinoHttp({
    logger,
    // pino-http would put its own serializers (every header) in place of the logger's: pass ours, unwrapped.
    serializers: logSerializers,
    wrapSerializers: false,
    genReqId: (req, res) => {
      startedAt.set(res, Date.now());
      const incoming = req.headers["x-request-id"];
      const id = typeof incoming === "string" && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    // Code that logs through `req.log` gets the request id, not the whole request, on each line.
    quietReqLogger: true,
    autoLogging: { ignore: (req) => /^\/(assets|media)\//.test(req.url ?? "") },
    customLogLevel: (_req, res, error) => {
      const status = formStatus(res) ?? res.statusCode;
      if (error || status >= 500) return "error";
      if (status >= 400 && status !== 404) return "warn";
      return "info";
    },
    customSuccessMessage: describe,
    customErrorMessage: describe,
  });
}

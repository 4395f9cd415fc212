import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pinoHttp } from "pino-http";
import { logSerializers } from "~/.server/infra/logging/log-serializers";
import { logger } from "~/.server/infra/logging/logger";
import { redactSecrets } from "~/.server/infra/http/private-urls";

type Request = IncomingMessage & { originalUrl?: string };

const startedAt = new WeakMap<ServerResponse, number>();

/** "GET /reset-password?token=[redacted] 200 12ms": what a person reading the log needs about one request. */
function describe(req: Request, res: ServerResponse) {
  const url = redactSecrets(req.originalUrl ?? req.url ?? "");
  const ms = Date.now() - (startedAt.get(res) ?? Date.now());
  const aborted = res.writableEnded ? "" : " (aborted by the client)";
  return `${req.method} ${url} ${res.statusCode} ${ms}ms${aborted}`;
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
      if (error || res.statusCode >= 500) return "error";
      if (res.statusCode >= 400 && res.statusCode !== 404) return "warn";
      return "info";
    },
    customSuccessMessage: describe,
    customErrorMessage: describe,
  });
}

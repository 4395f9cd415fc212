import type { Level } from "pino";
import type { Env } from "../infra/config/env";
import { logger } from "../infra/logging/logger";
import { redactSecrets } from "../infra/http/private-urls";

/**
 * Better Auth's log lines and the errors its endpoints answer with, through the app's logger (JSON in
 * production, the same redaction) instead of its own console output. A refused request (bad JSON, a wrong token)
 * is the caller's problem and already has its request line: it is logged at debug level only.
 */
export function authLogging(env: Pick<Env, "LOG_LEVEL">) {
  return {
    logger: {
      disabled: env.LOG_LEVEL === "silent",
      level: "error" as const,
      log(level: "info" | "warn" | "error" | "debug", message: string, ...args: unknown[]) {
        const [first] = args;
        const detail = first instanceof Error ? { err: first } : {};
        logger[level as Level](detail, `better-auth: ${redactSecrets(String(message))}`);
      },
    },
    onAPIError: {
      onError(error: unknown) {
        const status = (error as { statusCode?: unknown } | null)?.statusCode;
        if (typeof status === "number" && status < 500)
          logger.debug({ err: error }, "better-auth refused a request");
        else logger.error({ err: error }, "better-auth failed");
      },
    },
  };
}

import pino from "pino";
import { getEnv } from "./env";

/** The process-wide JSON logger; request handlers use `req.log` (pino-http) which carries the request id. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: { service: "local-shine" },
  redact: ["req.headers.cookie", "req.headers.authorization", "*.password"],
});

export function configureLogger() {
  logger.level = getEnv().LOG_LEVEL;
}

import pino, { type DestinationStream } from "pino";
import { prettyFactory } from "pino-pretty";
import { logSerializers, REDACTED_PATHS } from "./log-serializers";

const stdout = pino.destination(1);
const humanLine = prettyFactory({
  colorize: Boolean(process.stdout.isTTY),
  singleLine: true,
  translateTime: "SYS:HH:MM:ss.l",
  ignore: "pid,hostname,service,reqId,req,res,responseTime",
  messageFormat: (log, messageKey) => {
    const message = String(log[messageKey] ?? "");
    return typeof log.reqId === "string" ? `${message}  [${log.reqId}]` : message;
  },
});
let human = process.env.NODE_ENV !== "production";

/** JSON lines in production, one readable line per entry elsewhere (pino-pretty), on one ordered stdout stream. */
const output: DestinationStream & { flush(callback?: (error?: Error) => void): void } = {
  write: (line: string) => void stdout.write(human ? humanLine(line) : line),
  flush: (callback) => stdout.flush(callback),
};

/** The process-wide logger; request handlers use `req.log` (pino-http), which carries the request id. */
export const logger = pino(
  {
    level: process.env.LOG_LEVEL ?? "info",
    base: { service: "local-shine" },
    serializers: logSerializers,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
  },
  output,
);

/** Follows the validated environment: its level, and JSON only in production (NODE_ENV as the operator set it). */
export function configureLogger(env: { LOG_LEVEL: string; NODE_ENV: string }) {
  logger.level = env.LOG_LEVEL;
  human = env.NODE_ENV !== "production";
}

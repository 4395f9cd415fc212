import { z } from "~/lib/zod";
import { configureLogger } from "../logging/logger";

const booleanFlag = z.enum(["true", "false"]).transform((value) => value === "true");

export const WEB_CONCURRENCY_NEEDS_POSTGRES =
  "WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database serves one process only. " +
  "Set DATABASE_URL to a PostgreSQL database to run several server processes, or leave WEB_CONCURRENCY unset.";

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    APP_URL: z
      .url({ message: "APP_URL must be an absolute URL such as https://localshine.example" })
      .optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
      .optional(),
    AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
    ADMIN_EMAILS: z.string().default(""),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Local Shine <hello@localshine.local>"),
    TEAM_EMAIL: z.email({ message: "TEAM_EMAIL must be an email address" }).default("team@localshine.local"),
    SEED_DEMO: booleanFlag.optional(),
    STORAGE: z.enum(["local", "s3"]).default("local"),
    S3_BUCKET: z.string().default("media"),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().default("us-east-1"),
    S3_PUBLIC_URL: z.url().optional(),
    STORAGE_QUOTA_MB: z.coerce
      .number({ message: "STORAGE_QUOTA_MB must be a whole number of megabytes (0 for no quota)" })
      .int("STORAGE_QUOTA_MB must be a whole number of megabytes (0 for no quota)")
      .min(0, "STORAGE_QUOTA_MB must be a whole number of megabytes (0 for no quota)")
      .default(1024),
    MAP_TILE_URL: z.string().default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
    MAP_ATTRIBUTION: z
      .string()
      .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
    SITE_TIMEZONE: z
      .string()
      .default("America/Los_Angeles")
      .refine((zone) => {
        try {
          new Intl.DateTimeFormat("en-US", { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, "SITE_TIMEZONE must be an IANA time zone such as America/Los_Angeles"),
    TRUST_PROXY: z.coerce.number().int().min(0).default(0),
    WEB_CONCURRENCY: z.coerce
      .number({ message: "WEB_CONCURRENCY must be a whole number of server processes, 1 or more" })
      .int("WEB_CONCURRENCY must be a whole number of server processes, 1 or more")
      .min(1, "WEB_CONCURRENCY must be a whole number of server processes, 1 or more")
      .max(64, "WEB_CONCURRENCY must be at most 64")
      .default(1),
    /** How often a kiosk screen revalidates its manifest (docs/product.md#kiosks). */
    KIOSK_POLL_SECONDS: z.coerce
      .number({ message: "KIOSK_POLL_SECONDS must be a whole number of seconds from 5 to 3600" })
      .int("KIOSK_POLL_SECONDS must be a whole number of seconds from 5 to 3600")
      .min(5, "KIOSK_POLL_SECONDS must be a whole number of seconds from 5 to 3600")
      .max(3600, "KIOSK_POLL_SECONDS must be a whole number of seconds from 5 to 3600")
      .default(60),
    /** Days raw results events (plays, scans, page views, contact actions) are kept; afterwards only roll-ups. */
    RESULTS_RAW_DAYS: z.coerce
      .number({ message: "RESULTS_RAW_DAYS must be a whole number of days from 2 to 3650" })
      .int("RESULTS_RAW_DAYS must be a whole number of days from 2 to 3650")
      .min(2, "RESULTS_RAW_DAYS must be a whole number of days from 2 to 3650")
      .max(3650, "RESULTS_RAW_DAYS must be a whole number of days from 2 to 3650")
      .default(35),
    /** How often the results roll-up runs, in seconds (docs/product.md#results). */
    RESULTS_ROLLUP_SECONDS: z.coerce
      .number({ message: "RESULTS_ROLLUP_SECONDS must be a whole number of seconds from 1 to 3600" })
      .int("RESULTS_ROLLUP_SECONDS must be a whole number of seconds from 1 to 3600")
      .min(1, "RESULTS_ROLLUP_SECONDS must be a whole number of seconds from 1 to 3600")
      .max(3600, "RESULTS_ROLLUP_SECONDS must be a whole number of seconds from 1 to 3600")
      .default(300),
    /** Minutes of its host's opening hours a screen may be quiet before admins get an email; 0: no alerts. */
    KIOSK_ALERT_MINUTES: z.coerce
      .number({ message: "KIOSK_ALERT_MINUTES must be a whole number of minutes from 0 to 1440" })
      .int("KIOSK_ALERT_MINUTES must be a whole number of minutes from 0 to 1440")
      .min(0, "KIOSK_ALERT_MINUTES must be a whole number of minutes from 0 to 1440")
      .max(1440, "KIOSK_ALERT_MINUTES must be a whole number of minutes from 0 to 1440")
      .default(10),
    /** Who gets the offline alerts, comma-separated; empty: every admin account. */
    KIOSK_ALERT_EMAILS: z
      .string()
      .default("")
      .refine(
        (value) => splitEmails(value).every((email) => z.email().safeParse(email).success),
        "KIOSK_ALERT_EMAILS must be email addresses separated by commas",
      ),
    /** Scheduled backups of the embedded database (docs/operations.md#scheduled-backups); 0 turns them off. */
    BACKUP_EVERY_HOURS: z.coerce
      .number({ message: "BACKUP_EVERY_HOURS must be a number of hours (0 for no scheduled backups)" })
      .min(0, "BACKUP_EVERY_HOURS must be a number of hours (0 for no scheduled backups)")
      .max(8760, "BACKUP_EVERY_HOURS must be at most 8760 (a year)")
      .default(24),
    /** Where scheduled backups are written; DATA_DIR/backups by default. */
    BACKUP_DIR: z.string().min(1).optional(),
    BACKUP_KEEP: z.coerce
      .number({ message: "BACKUP_KEEP must be a whole number of backups from 1 to 1000" })
      .int("BACKUP_KEEP must be a whole number of backups from 1 to 1000")
      .min(1, "BACKUP_KEEP must be a whole number of backups from 1 to 1000")
      .max(1000, "BACKUP_KEEP must be a whole number of backups from 1 to 1000")
      .default(7),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** A system ffmpeg / ffprobe instead of the static builds `npm ci` installs (app/.server/media-processing). */
    FFMPEG_PATH: z.string().min(1).optional(),
    /** The CPU priority of media work (ffmpeg, ffprobe) as a nice value: 19, the lowest, lets pages go first. */
    MEDIA_NICE: z.coerce
      .number({ message: "MEDIA_NICE must be a whole number from 0 to 19" })
      .int("MEDIA_NICE must be a whole number from 0 to 19")
      .min(0, "MEDIA_NICE must be a whole number from 0 to 19")
      .max(19, "MEDIA_NICE must be a whole number from 0 to 19")
      .default(19),
    FFPROBE_PATH: z.string().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "AUTH_SECRET is required when NODE_ENV=production",
      });
    }
    if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["WEB_CONCURRENCY"],
        message: WEB_CONCURRENCY_NEEDS_POSTGRES,
      });
    }
    if (env.STORAGE === "s3" && !env.S3_BUCKET) {
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "S3_BUCKET is required when STORAGE=s3" });
    }
  });

/** Every variable the server reads (the README's configuration table is checked against this list). */
export const ENV_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

export type Env = z.infer<typeof EnvSchema> & { APP_URL: string; SEED_DEMO: boolean };

/** Parses an environment (process.env by default); throws one readable error naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "env"}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  return {
    ...env,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV !== "production",
  };
}

let cached: Env | undefined;

/** The validated environment, read once per process. */
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}

/** Fixes the environment for this process (the server entry parses it before React's NODE_ENV is forced), and the logger with it. */
export function setEnv(env: Env) {
  cached = env;
  configureLogger(env);
}

function splitEmails(value: string): string[] {
  return value
    .split(",")
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
}

export function adminEmails(env: Env = getEnv()): string[] {
  return splitEmails(env.ADMIN_EMAILS);
}

/** Who gets the offline alerts (KIOSK_ALERT_EMAILS); empty: every admin account. */
export function kioskAlertEmails(env: Env = getEnv()): string[] {
  return splitEmails(env.KIOSK_ALERT_EMAILS);
}

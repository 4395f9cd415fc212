import { eq } from "drizzle-orm";
import { promoteConfiguredAdmins } from "~/.server/accounts/configured-admins";
import { createAuth } from "~/.server/auth/auth";
import { weakPasswordReasons } from "~/lib/password-policy";
import { openConfiguredDatabase } from "~/.server/infra/db/client";
import { users } from "~/.server/infra/db/schema";
import { adminEmails, getEnv } from "~/.server/infra/config/env";
import { logger } from "~/.server/infra/logging/logger";
import { resolveAuthSecret } from "~/.server/infra/config/secret";
import { seedDemoContent } from "~/.server/seed/seed-demo";
import { createStorage } from "~/.server/infra/storage";
import { runBackup, runRestore } from "./backup-commands";
import {
  PASSWORD_ON_COMMAND_LINE,
  PASSWORD_PROBLEMS,
  promptNewPassword,
  readPasswordFile,
  type PromptIo,
} from "./prompt-password";

interface Options {
  email?: string;
  /** Refused: a password on the command line is printed by npm and kept in the shell's history. */
  password?: string;
  /** A file (or `/dev/fd/N`) whose first line is the password, for scripts. */
  passwordFile?: string;
  name?: string;
  admin?: boolean;
  out?: string;
  "no-files"?: boolean;
  force?: boolean;
  "to-s3"?: boolean;
  /** Positional arguments: the backup's file for `restore`. */
  positionals?: string[];
}

const TERMINAL: PromptIo = { input: process.stdin, output: process.stderr };

/**
 * Runs one operator command against the configured database; returns the exit code. `user:create` reads the
 * password from `--password-file` (a file or a file descriptor, `/dev/fd/3`), or asks for it on `io` (hidden on a
 * terminal, twice; two lines from a pipe). It never takes one on the command line: `npm run` prints its command
 * line, so `--password X` would show it on screen (and leave it in the shell's history). No password is ever
 * printed.
 */
export async function startCli(
  command: string | undefined,
  options: Options,
  usage: string,
  io: PromptIo = TERMINAL,
): Promise<number> {
  if (!command || !["user:create", "seed", "migrate", "backup", "restore"].includes(command)) {
    console.error(usage);
    return command ? 2 : 0;
  }
  const positionals = options.positionals ?? [];
  if (positionals.length > (command === "restore" ? 1 : 0)) {
    console.error(`Unexpected argument ${positionals.at(-1)}\n\n${usage}`);
    return 2;
  }
  if (command === "backup" || command === "restore") {
    const env = getEnv();
    logger.level = "warn";
    return command === "backup"
      ? runBackup(env, { out: options.out, files: !options["no-files"] })
      : runRestore(env, positionals[0], { force: options.force ?? false, toS3: options["to-s3"] ?? false });
  }
  let password: string | undefined;
  if (command === "user:create") {
    if (options.password !== undefined) {
      console.error(PASSWORD_ON_COMMAND_LINE);
      return 2;
    }
    if (!options.email) {
      console.error("user:create needs --email\n\n" + usage);
      return 2;
    }
    if (options.passwordFile !== undefined) {
      const read = await readPasswordFile(options.passwordFile);
      if (!read.ok) {
        console.error(read.message);
        return 2;
      }
      password = read.password;
    } else {
      const answer = await promptNewPassword(io);
      if (!answer.ok) {
        console.error(PASSWORD_PROBLEMS[answer.reason]);
        return answer.reason === "cancelled" ? 130 : 2;
      }
      password = answer.password;
    }
    const reasons = weakPasswordReasons(password, options.email);
    if (reasons.length > 0) {
      console.error(`Weak password: ${reasons.join(" ")}`);
      return 2;
    }
  }
  const env = getEnv();
  logger.level = "warn";
  const database = await openConfiguredDatabase(env);
  try {
    await database.migrate();
    if (command === "migrate") {
      console.log("Migrations applied.");
      return 0;
    }
    if (command === "seed") {
      const result = await seedDemoContent({
        db: database.db,
        storage: createStorage(env),
        logger,
        timeZone: env.SITE_TIMEZONE,
      });
      console.log(
        "skipped" in result
          ? "The database already has content; nothing seeded."
          : `Seeded ${result.businesses} businesses and ${result.stories} stories.`,
      );
      return 0;
    }
    const email = options.email!.trim().toLowerCase();
    const auth = createAuth({ db: database.db, env, secret: resolveAuthSecret(env) });
    const ctx = await auth.$context;
    if (await ctx.internalAdapter.findUserByEmail(email)) {
      console.error(`An account for ${email} already exists.`);
      return 1;
    }
    const user = await ctx.internalAdapter.createUser(
      {
        email,
        name: options.name ?? email.split("@")[0],
        emailVerified: true,
      },
      { method: "admin" },
    );
    await ctx.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await ctx.password.hash(password!),
    });
    if (options.admin) await database.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id));
    const emails = adminEmails(env);
    await promoteConfiguredAdmins(database.db, emails);
    const admin = options.admin || emails.includes(email);
    console.log(
      `Created ${admin ? "admin" : "user"} ${email}${admin && !options.admin ? " (listed in ADMIN_EMAILS)" : ""}.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

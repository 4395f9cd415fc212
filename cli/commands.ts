import { createAuth } from "~/.server/auth/auth";
import { weakPasswordReasons } from "~/.server/auth/password-policy";
import { openConfiguredDatabase } from "~/.server/db/client";
import { users } from "~/.server/db/schema";
import { getEnv } from "~/.server/env";
import { logger } from "~/.server/logger";
import { resolveAuthSecret } from "~/.server/secret";
import { seedDemoContent } from "~/.server/seed/seed-demo";
import { promoteConfiguredAdmins } from "~/.server/services";
import { createStorage } from "~/.server/storage";
import { eq } from "drizzle-orm";

interface Options {
  email?: string;
  password?: string;
  name?: string;
  admin?: boolean;
}

/** Runs one operator command against the configured database; returns the exit code. */
export async function startCli(
  command: string | undefined,
  options: Options,
  usage: string,
): Promise<number> {
  if (!command || !["user:create", "seed", "migrate"].includes(command)) {
    console.error(usage);
    return command ? 2 : 0;
  }
  if (command === "user:create" && (!options.email || !options.password)) {
    console.error("user:create needs --email and --password\n\n" + usage);
    return 2;
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
    const reasons = weakPasswordReasons(options.password!, email);
    if (reasons.length > 0) {
      console.error(`Weak password: ${reasons.join(" ")}`);
      return 2;
    }
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
      password: await ctx.password.hash(options.password!),
    });
    if (options.admin) await database.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id));
    await promoteConfiguredAdmins(database.db, env);
    console.log(`Created ${options.admin ? "admin" : "user"} ${email}.`);
    return 0;
  } finally {
    await database.close();
  }
}

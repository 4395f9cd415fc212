import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/.server/infra/db/client";
import { users } from "../../app/.server/infra/db/schema";
import { createLocalStorage } from "../../app/.server/infra/storage";
import { logger } from "../../app/.server/infra/logging/logger";
import { rollUpResults } from "../../app/.server/results/rollup";
import { seedDemoContent } from "../../app/.server/seed/seed-demo";
import { readDevMailbox } from "../support/dev-mailbox";
import {
  cookieFrom,
  createSignedInAccount,
  PASSWORD,
  postSignInForm,
  randomIp,
  uniqueEmail,
} from "../support/http-accounts";
import { uploadMedia } from "../support/http-media";
import { insertAd, insertKiosk, insertListing, insertPlays } from "../support/kiosk-fixtures";
import { startS3rver } from "../support/s3rver";
import {
  createPostgresDatabase,
  skipWithoutPostgres,
  startServer as startServerProcess,
  type ServerProcess,
} from "../support/server-process";

/** The built server, given longer to start than usual: these tests start five of them on a busy machine. */
const startServer = (env: Record<string, string>) => startServerProcess(env, undefined, { readyMs: 240_000 });

// The round trip an operator makes: a site with content, media, an approved ad, a paired kiosk's plays and accounts
// is backed up while it serves, restored into a fresh DATA_DIR (and into PostgreSQL with the files in a bucket, and
// back), and answers the same. Then the schedule: retention, and a failed backup that alerts while the site serves.

const OWNER = "owner@backup.example";
const ADMIN = "admin@backup.example";
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "bk-round-trip-"));

/** `npm run cli -- …` in the repository, with the given environment; answers its exit code and output. */
function cli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "cli/index.ts", ...args], {
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

/** A page's visible text: what a visitor reads, without the per-response nonces and tokens. */
async function pageText(server: ServerProcess, target: string, cookie?: string) {
  const response = await fetch(`${server.url}${target}`, {
    headers: { "X-Forwarded-For": randomIp(), ...(cookie ? { Cookie: cookie } : {}) },
    redirect: "manual",
  });
  const html = await response.text();
  const text = html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return `${response.status} ${text}`;
}

async function signIn(server: ServerProcess, email: string) {
  const response = await postSignInForm(server, { email, password: PASSWORD });
  const cookie = cookieFrom(response);
  if (!cookie.includes("session_token")) throw new Error(`${email} could not sign in (${response.status})`);
  return cookie;
}

/** Every file under DATA_DIR/uploads with its bytes (base64), renditions and sidecars included. */
function uploads(dataDir: string): Record<string, string> {
  const root = path.join(dataDir, "uploads");
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const key = path.relative(root, file);
    if (key.startsWith(".tmp")) continue;
    files[key] = fs.readFileSync(file).toString("base64");
  }
  return files;
}

afterAll(() => {
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe("backup and restore of a serving site", () => {
  const sourceDir = path.join(scratch, "source");
  const archive = path.join(scratch, "archives", "site.tar.gz");
  const serverEnv = { TRUST_PROXY: "1", ADMIN_EMAILS: ADMIN, BACKUP_EVERY_HOURS: "0" };
  let pages: string[] = [];
  const before: Record<string, string> = {};
  let files: Record<string, string> = {};
  let kioskToken = "";
  let signedUp = "";

  beforeAll(async () => {
    // The content, written before the server owns the database: the demo, an owner (made by the CLI, with a
    // password), an approved ad of theirs, and a paired kiosk that played it.
    // The password from a file (the CLI refuses one on the command line, which npm prints).
    const passwordFile = path.join(scratch, "owner-password");
    fs.writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
    const made = await cli(["user:create", "--email", OWNER, "--password-file", passwordFile], {
      DATA_DIR: sourceDir,
    });
    expect(made.code, made.output).toBe(0);
    const database = await openDatabase({ dataDir: sourceDir });
    try {
      await database.migrate();
      const storage = createLocalStorage({ root: path.join(sourceDir, "uploads") });
      await seedDemoContent({ db: database.db, storage, logger, timeZone: "America/Los_Angeles" });
      const [owner] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, OWNER));
      const listing = await insertListing(database.db, owner!.id, { name: "Backup Bakery" });
      const adId = await insertAd(database.db, owner!.id, listing, { title: "Bread that survives anything" });
      const kiosk = await insertKiosk(database.db, { label: "Backed-up kiosk" });
      kioskToken = kiosk.token;
      const hour = Date.now() - 3 * 3600_000;
      await insertPlays(
        database.db,
        kiosk.id,
        Array.from({ length: 40 }, (_, index) => ({
          id: crypto.randomUUID(),
          adId,
          startedAt: new Date(hour + index * 60_000).toISOString(),
          endedAt: new Date(hour + index * 60_000 + 8_000).toISOString(),
          completed: true,
        })),
      );
      // Counted before any server starts: received a minute ago (past the roll-up's lag) and rolled up, so the
      // source's Results already show them when the "before" pages are read, whenever its own roll-up runs.
      await database.db.execute(
        sql`update kiosk_plays set received_at = now() - interval '1 minute' where kiosk_id = ${kiosk.id}::uuid`,
      );
      await rollUpResults(database.db, { timeZone: "America/Los_Angeles", rawDays: 35 });
      const businessIds = (await database.db.execute(
        sql`select id from businesses where status = 'published' order by name limit 3`,
      )) as unknown as { rows: { id: string }[] };
      pages = [
        "/",
        "/about",
        "/map",
        "/local-shiners",
        "/local-shiners/all",
        "/shine-stories",
        ...businessIds.rows.map((row) => `/business/${row.id}`),
      ];
    } finally {
      await database.close();
    }
  }, 300_000);

  it("backs up while serving, restores into a fresh DATA_DIR, and the site answers the same", async () => {
    const source = await startServer({ ...serverEnv, DATA_DIR: sourceDir });
    try {
      signedUp = uniqueEmail("signed-up");
      const cookie = await createSignedInAccount(source, signedUp);
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#e85d04" } })
        .png()
        .toBuffer();
      const upload = await uploadMedia(source, await signIn(source, OWNER), png, { title: "Shop front" });
      expect(upload.status).toBe(201);
      expect(cookie).toContain("session_token");

      // Light load while the server takes the snapshot the CLI asks for.
      let loading = true;
      const served: number[] = [];
      const load = Promise.all(
        [0, 1].map(async (lane) => {
          while (loading) {
            const response = await fetch(`${source.url}${pages[lane]}`, {
              headers: { "X-Forwarded-For": randomIp() },
            });
            await response.arrayBuffer();
            served.push(response.status);
          }
        }),
      );
      const backup = await cli(["backup", "--out", archive], { DATA_DIR: sourceDir });
      loading = false;
      await load;
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toMatch(/Backup written: .*site\.tar\.gz .*taken by the running server/);
      expect(served.length).toBeGreaterThan(0);
      expect(served.every((status) => status === 200)).toBe(true);

      const owner = await signIn(source, OWNER);
      for (const page of pages) before[page] = await pageText(source, page);
      before["/dashboard/results"] = await pageText(source, "/dashboard/results", owner);
      expect(before["/dashboard/results"]).toContain("Plays 40 Times your ads appeared on a kiosk screen.");
      before["/dashboard"] = await pageText(source, "/dashboard", owner);
    } finally {
      expect(await source.stop(), source.output().slice(-4000)).toBe(0);
    }
    files = uploads(sourceDir);
    expect(Object.keys(files).length).toBeGreaterThan(10);

    const targetDir = path.join(scratch, "restored");
    const restored = await cli(["restore", archive], { DATA_DIR: targetDir });
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(/Restored .* rows into the embedded database/);
    expectFilesOf(uploads(targetDir), files);

    const again = await cli(["restore", archive], { DATA_DIR: targetDir });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already holds data/);

    await expectSameSite({ ...serverEnv, DATA_DIR: targetDir });
  }, 1_200_000);

  it("moves the embedded backup into PostgreSQL with the files in a bucket, and back", async (ctx) => {
    const database = await createPostgresDatabase("bk_move");
    skipWithoutPostgres(ctx, database !== null, "moving to PostgreSQL needs the local PostgreSQL server");
    const bucket = await startS3rver();
    const s3Env = {
      S3_ENDPOINT: bucket.endpoint,
      S3_BUCKET: "media",
      AWS_ACCESS_KEY_ID: "S3RVER",
      AWS_SECRET_ACCESS_KEY: "S3RVER",
    };
    const pgDir = path.join(scratch, "pg-data");
    try {
      const moved = await cli(["restore", archive, "--to-s3"], {
        ...s3Env,
        DATABASE_URL: database!.url,
        DATA_DIR: pgDir,
      });
      expect(moved.code, moved.output).toBe(0);
      expect(moved.output).toMatch(/rows into DATABASE_URL, \d+ files into the bucket media/);
      await expectSameSite({
        ...serverEnv,
        ...s3Env,
        DATABASE_URL: database!.url,
        STORAGE: "s3",
        DATA_DIR: pgDir,
      });

      // And back: a backup of PostgreSQL and the bucket (no server needed) restores into the embedded database.
      const back = path.join(scratch, "archives", "from-postgres.tar.gz");
      const taken = await cli(["backup", "--out", back], {
        ...s3Env,
        DATABASE_URL: database!.url,
        STORAGE: "s3",
        DATA_DIR: pgDir,
      });
      expect(taken.code, taken.output).toBe(0);
      const embeddedDir = path.join(scratch, "embedded-again");
      const restored = await cli(["restore", back], { DATA_DIR: embeddedDir });
      expect(restored.code, restored.output).toBe(0);
      expectFilesOf(uploads(embeddedDir), files);
      await expectSameSite({ ...serverEnv, DATA_DIR: embeddedDir });
    } finally {
      await bucket.close();
      await database?.drop();
    }
  }, 600_000);

  /** Starts a server on the restored data and compares it with the source as it was backed up. */
  async function expectSameSite(env: Record<string, string>) {
    const server = await startServer(env);
    try {
      for (const page of pages) expect(await pageText(server, page), page).toBe(before[page]);
      const owner = await signIn(server, OWNER);
      expect(await pageText(server, "/dashboard/results", owner)).toBe(before["/dashboard/results"]);
      expect(await pageText(server, "/dashboard", owner)).toBe(before["/dashboard"]);
      await signIn(server, signedUp);
      const manifest = await fetch(`${server.url}/api/kiosk/manifest`, {
        headers: { Authorization: `Bearer ${kioskToken}`, "X-Forwarded-For": randomIp() },
      });
      expect(manifest.status).toBe(200);
      // The owner's upload is served with the same bytes.
      const [key] = Object.keys(files).filter(
        (file) => !file.endsWith(".meta.json") && file.endsWith(".png"),
      );
      const media = await fetch(`${server.url}/media/${key}`);
      expect(Buffer.from(await media.arrayBuffer()).toString("base64")).toBe(files[key]);
    } finally {
      expect(await server.stop(), server.output().slice(-4000)).toBe(0);
    }
  }
});

/**
 * The restored files are the source's, byte for byte; only files made from others (screen renditions, thumbnails
 * and the kiosks' house slides, which the servers make in the background and on demand, after a backup too) may
 * differ in number.
 */
function expectFilesOf(restored: Record<string, string>, source: Record<string, string>) {
  const derived = (key: string) => /^(renditions|thumbs|kiosk-house)\//.test(key);
  for (const [key, bytes] of Object.entries(restored)) {
    if (key in source || !derived(key)) expect(bytes, key).toBe(source[key]);
  }
  const missing = Object.keys(source).filter((key) => !(key in restored));
  expect(missing.filter((key) => !derived(key))).toEqual([]);
  expect(Object.keys(restored).length).toBeGreaterThan(10);
}

describe("scheduled backups", () => {
  let server: ServerProcess;
  const dataDir = path.join(scratch, "scheduled");
  const backupDir = path.join(scratch, "scheduled-archives");

  beforeAll(async () => {
    server = await startServer({
      DATA_DIR: dataDir,
      TRUST_PROXY: "1",
      ADMIN_EMAILS: ADMIN,
      BACKUP_DIR: backupDir,
      // About every two seconds: each run starts after the last one ended.
      BACKUP_EVERY_HOURS: "0.0005",
      BACKUP_KEEP: "2",
      LOG_LEVEL: "info",
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("keeps exactly BACKUP_KEEP archives; a failed one alerts the admins while the site keeps serving", async () => {
    const admin = await createSignedInAccount(server, ADMIN);
    const written = () => (server.output().match(/scheduled backup written/g) ?? []).length;
    await until(() => written() >= 4, "four scheduled backups");
    const archives = fs.readdirSync(backupDir);
    expect(archives).toHaveLength(2);
    expect(archives.every((name) => /^local-shine-.*Z\.tar\.gz$/.test(name))).toBe(true);
    expect(await pageText(server, "/admin/network", admin)).toMatch(
      /Last backup (just now|\d+ min ago), \d+ (KB|MB)/,
    );

    // The disk is gone: BACKUP_DIR is now a file, so the next backup cannot be written.
    fs.rmSync(backupDir, { recursive: true });
    fs.writeFileSync(backupDir, "not a directory");
    await until(() => server.output().includes("scheduled backup failed"), "a failed backup");
    await until(
      async () =>
        (await readDevMailbox(dataDir)).some(
          (mail) => mail.to.includes(ADMIN) && mail.subject.includes("a scheduled backup failed"),
        ),
      "the alert email",
    );
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/`, { headers: { "X-Forwarded-For": randomIp() } })).status).toBe(200);
    expect(await pageText(server, "/admin/network", admin)).toMatch(/The last backup failed/);
  }, 300_000);
});

/** Waits for `condition` (checked after each short pause, up to two minutes). */
async function until(condition: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 120_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

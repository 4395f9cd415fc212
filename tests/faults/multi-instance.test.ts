import { spawnSync } from "node:child_process";
import fs from "node:fs";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startS3rver } from "../support/s3rver";
import {
  createPostgresDatabase,
  skipWithoutPostgres,
  startServer,
  type ServerProcess,
} from "../support/server-process";

let database: Awaited<ReturnType<typeof createPostgresDatabase>> = null;
let s3: Awaited<ReturnType<typeof startS3rver>> | undefined;
const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop("SIGKILL")));
  await s3?.close();
  await database?.drop();
});

const EMAIL = "two-sites@example.com";
const PASSWORD = "twin-harbors-2026";

async function signIn(server: ServerProcess, ip: string, password: string) {
  const body = new URLSearchParams({ intent: "signin", email: EMAIL, password, redirectTo: "/dashboard" });
  return fetch(`${server.url}/signin`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { "X-Forwarded-For": ip, Origin: server.url },
  });
}

describe("two app instances on one PostgreSQL and one S3 store", () => {
  it("migrate once, share sessions, rate limits and files", async (ctx) => {
    database = await createPostgresDatabase();
    skipWithoutPostgres(ctx, Boolean(database), "two instances need a shared database");
    s3 = await startS3rver();
    const shared = {
      DATABASE_URL: database!.url,
      STORAGE: "s3",
      S3_BUCKET: "media",
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: "us-east-1",
      AWS_ACCESS_KEY_ID: "S3RVER",
      AWS_SECRET_ACCESS_KEY: "S3RVER",
      AUTH_SECRET: "a-shared-secret-for-both-instances-0123456789",
      TRUST_PROXY: "1",
    };
    // Both start at the same moment: the advisory lock lets one migrate while the other waits.
    const [a, b] = await Promise.all([startServer(shared), startServer(shared)]);
    servers.push(a, b);

    const migrationFiles = fs.readdirSync("drizzle").filter((name) => name.endsWith(".sql")).length;
    const client = new pg.Client({ connectionString: database!.url });
    await client.connect();
    const { rows } = await client.query("select count(*)::int as n from drizzle.__drizzle_migrations");
    await client.end();
    expect(rows[0].n).toBe(migrationFiles);

    const created = spawnSync(
      process.execPath,
      ["--import", "tsx", "cli/index.ts", "user:create", "--email", EMAIL],
      {
        // The password piped in, twice (the CLI refuses one on the command line).
        input: `${PASSWORD}\n${PASSWORD}\n`,
        env: { ...process.env, ...shared, LOG_LEVEL: "silent" },
        encoding: "utf8",
      },
    );
    expect(created.status, created.stderr).toBe(0);

    // A session made on A works on B.
    const signedIn = await signIn(a, "10.9.0.1", PASSWORD);
    expect(signedIn.status).toBe(302);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    const onB = await fetch(`${b.url}/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain("Welcome to Your Dashboard");

    // A file uploaded through A is served by B (both read the same bucket).
    const sharp = (await import("sharp")).default;
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#f5c02c" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("title", "Shared kiosk ad");
    form.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "ad.png");
    const uploaded = await fetch(`${a.url}/dashboard/media`, {
      method: "POST",
      body: form,
      headers: { Cookie: cookie },
    });
    expect(uploaded.status).toBe(201);
    const { media } = (await uploaded.json()) as { media: { fileUrl: string } };
    const served = await fetch(`${b.url}${media.fileUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    // Failed sign-ins from one IP count across both instances: the sixth is refused wherever it lands.
    for (let i = 0; i < 5; i++) {
      const response = await signIn(i % 2 ? a : b, "10.9.0.2", "wrong-password");
      // A refused sign-in is the page with its message: 200, the 401 in X-Form-Status (docs/decisions/071).
      expect(response.status).toBe(200);
      expect(response.headers.get("x-form-status")).toBe("401");
    }
    const sixth = await signIn(a, "10.9.0.2", PASSWORD);
    expect(sixth.status).toBe(429);
    expect(await sixth.text()).toContain("Too many attempts");
  });
});

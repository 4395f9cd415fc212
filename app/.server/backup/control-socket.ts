import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Logger } from "pino";
import type { BackupResult } from "./backup";

/**
 * The local-only channel through which `npm run cli -- backup` asks the running server for a backup of the
 * embedded database it owns (docs/decisions/081-the-server-snapshots-its-own-database.md): a Unix socket in
 * DATA_DIR, readable and writable by its owner only. One JSON line asks, one JSON line answers.
 */
export function controlSocketPath(dataDir: string): string {
  const preferred = path.resolve(dataDir, "control.sock");
  // A socket's path has at most 107 bytes on Linux; a deep DATA_DIR gets one in the temporary directory, named
  // after DATA_DIR so that the CLI finds the same one.
  if (Buffer.byteLength(preferred) <= 100) return preferred;
  const digest = createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 16);
  return path.join(os.tmpdir(), `local-shine-${digest}.sock`);
}

export interface BackupRequest {
  op: "backup";
  out: string;
  files: boolean;
}

export type BackupReply =
  | { ok: true; file: string; bytes: number; ms: number; tables: number; rows: number; files: number }
  | { ok: false; error: string };

export interface ControlChannel {
  close(): Promise<void>;
}

/** Listens on DATA_DIR's control socket; `backup` is what a request runs (the server's own createBackup). */
export async function startControlChannel(
  dataDir: string,
  backup: (request: BackupRequest) => Promise<BackupResult>,
  logger: Pick<Logger, "info" | "error" | "warn">,
): Promise<ControlChannel> {
  const socketPath = controlSocketPath(dataDir);
  // Left by a server that was killed: this process owns DATA_DIR's database (its lock), so the socket is its own.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let buffer = "";
    socket.setEncoding("utf8");
    socket.on("error", () => {});
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      const end = buffer.indexOf("\n");
      if (end === -1) {
        if (buffer.length > 64 * 1024) socket.destroy();
        return;
      }
      const line = buffer.slice(0, end);
      socket.removeAllListeners("data");
      void answer(line).then((reply) => socket.end(JSON.stringify(reply) + "\n"));
    });
  });

  async function answer(line: string): Promise<BackupReply> {
    let request: BackupRequest;
    try {
      request = JSON.parse(line) as BackupRequest;
      if (request.op !== "backup" || typeof request.out !== "string" || !path.isAbsolute(request.out)) {
        return { ok: false, error: "unknown request" };
      }
    } catch {
      return { ok: false, error: "unreadable request" };
    }
    try {
      const result = await backup({ op: "backup", out: request.out, files: request.files !== false });
      logger.info(
        { file: result.file, bytes: result.bytes, ms: result.ms },
        "backup written (asked by the CLI)",
      );
      return {
        ok: true,
        file: result.file,
        bytes: result.bytes,
        ms: result.ms,
        tables: result.manifest.tables.length,
        rows: result.manifest.tables.reduce((sum, table) => sum + table.rows, 0),
        files: result.manifest.files.length,
      };
    } catch (error) {
      logger.error({ err: error }, "backup asked by the CLI failed");
      return { ok: false, error: (error as Error).message };
    }
  }

  const previous = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    logger.warn(
      { err: error, socketPath },
      "the backup channel could not open; `npm run cli -- backup` needs it",
    );
    return { close: async () => {} };
  } finally {
    process.umask(previous);
  }
  fs.chmodSync(socketPath, 0o600);
  return {
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(socketPath, { force: true });
    },
  };
}

/**
 * Asks the server that owns DATA_DIR's database for a backup. Answers null when no server listens there (the
 * CLI then opens the database itself).
 */
export function requestBackup(dataDir: string, request: BackupRequest): Promise<BackupReply | null> {
  const socketPath = controlSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let buffer = "";
    let connected = false;
    socket.setEncoding("utf8");
    socket.on("connect", () => {
      connected = true;
      socket.write(JSON.stringify(request) + "\n");
    });
    socket.on("data", (chunk: string) => (buffer += chunk));
    socket.on("end", () => {
      try {
        resolve(JSON.parse(buffer) as BackupReply);
      } catch {
        reject(new Error("the server's answer to the backup request was unreadable"));
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === "ENOENT" || error.code === "ECONNREFUSED")) resolve(null);
      else reject(error);
    });
  });
}

import { eq, sql } from "drizzle-orm";
import type { Viewer } from "../auth/guards";
import type { Database } from "../infra/db/client";
import { media, users } from "../infra/db/schema";
import type { Env } from "../infra/config/env";
import type { UploadQuota } from "../infra/uploads";

// The per-account storage quota (docs/security.md, "Storage quota"): what an account's media rows take (media
// uploads, and business and story images, which are media rows too) plus what it uploads must fit within
// STORAGE_QUOTA_MB. Checked before an upload is read, counted while it streams, and checked once more, under a
// lock, in the transaction that records it, so that uploads running side by side cannot add up past it.

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** An account's quota as an upload begins: its limit and what its media take already. */
export interface StorageQuota {
  limitBytes: number;
  usedBytes: number;
}

/** Raised in the recording transaction when the new files would take the account past its limit. */
export class StorageQuotaExceeded extends Error {
  constructor(readonly quota: StorageQuota) {
    super("storage quota exceeded");
    this.name = "StorageQuotaExceeded";
  }
}

/**
 * The account's limit in bytes, or null for none: STORAGE_QUOTA_MB=0 turns the quota off, and admins have none.
 * Admin accounts are named by the operator (ADMIN_EMAILS), not self-registered, and they publish the site's own
 * stories: a full library must never stop a story from getting its background.
 */
export function storageLimitBytes(
  env: Pick<Env, "STORAGE_QUOTA_MB">,
  viewer: Pick<Viewer, "isAdmin">,
): number | null {
  if (viewer.isAdmin || env.STORAGE_QUOTA_MB === 0) return null;
  return env.STORAGE_QUOTA_MB * MB;
}

/** The bytes an account's media rows take. */
export async function usedStorageBytes(db: Database | Transaction, userId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${media.fileSize}), 0)` })
    .from(media)
    .where(eq(media.userId, userId));
  return Number(row?.used ?? 0);
}

/** The viewer's quota as an upload begins, or null when they have none. */
export async function storageQuotaOf(
  db: Database,
  env: Pick<Env, "STORAGE_QUOTA_MB">,
  viewer: Pick<Viewer, "id" | "isAdmin">,
): Promise<StorageQuota | null> {
  const limitBytes = storageLimitBytes(env, viewer);
  if (limitBytes === null) return null;
  return { limitBytes, usedBytes: await usedStorageBytes(db, viewer.id) };
}

/** What the upload pipeline counts down while the files stream in (receiveMultipartUpload's `quota`). */
export function uploadQuotaOf(quota: StorageQuota | null): UploadQuota | undefined {
  return quota ? { remainingBytes: quota.limitBytes - quota.usedBytes } : undefined;
}

/**
 * Inside the transaction that inserts media rows of `userId` worth `incomingBytes`: locks the account's user row,
 * so one account's uploads are recorded one at a time in every process, and throws StorageQuotaExceeded when the
 * rows would take it past `limitBytes`. Does nothing when there is no limit.
 */
export async function claimStorage(
  tx: Transaction,
  userId: string,
  incomingBytes: number,
  limitBytes: number | null,
): Promise<void> {
  if (limitBytes === null) return;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const usedBytes = await usedStorageBytes(tx, userId);
  if (usedBytes + incomingBytes > limitBytes) throw new StorageQuotaExceeded({ limitBytes, usedBytes });
}

/** What a refused upload tells the person: their limit, and what is left when it is not all used. */
export function storageQuotaMessage({ limitBytes, usedBytes }: StorageQuota): string {
  const limit = formatStorage(limitBytes);
  if (usedBytes >= limitBytes) {
    return `You have used your ${limit} of storage. Delete some media to upload more.`;
  }
  return (
    `This upload does not fit in the ${formatStorage(limitBytes - usedBytes)} left of your ${limit} of ` +
    "storage. Delete some media to upload more."
  );
}

/** "1 GB", "1.5 GB", "300 MB", "20 KB": rounded down to at most one decimal, none when it is whole. */
export function formatStorage(bytes: number): string {
  if (bytes < MB) return `${Math.max(1, Math.floor(bytes / 1024))} KB`;
  const [amount, unit] = bytes >= GB ? [bytes / GB, "GB"] : [bytes / MB, "MB"];
  return `${Math.floor(amount * 10) / 10} ${unit}`;
}

import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { INDUSTRY_IDS } from "~/lib/industries";
import type { ListingChanges } from "~/lib/listing-edits";
import type { WeeklyHours } from "~/lib/opening-hours";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const industryCheck = (column: string) =>
  sql.raw(`${column} in (${INDUSTRY_IDS.map((id) => `'${id}'`).join(", ")})`);

// ---------------------------------------------------------------------------------------------------------------
// Accounts (Better Auth: user, session, account, verification; the admin plugin adds role/banned fields).
// ---------------------------------------------------------------------------------------------------------------

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: text("role").notNull().default("user"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("accounts_user_id_idx").on(table.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

/** Fixed-window counters shared by every app instance (Better Auth's limiter and our own form limits). */
export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ---------------------------------------------------------------------------------------------------------------
// The entities of docs/product.md#entities.
// ---------------------------------------------------------------------------------------------------------------

export const MEDIA_PROCESSING_STATUSES = ["processing", "ready", "failed"] as const;
export type MediaProcessingStatus = (typeof MEDIA_PROCESSING_STATUSES)[number];

export const media = pgTable(
  "media",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    notes: text("notes"),
    fileName: text("file_name").notNull(),
    fileUrl: text("file_url").notNull(),
    /** The storage key the file lives under (spec: `{user id}/{generated name}`); the URL is derived from it. */
    storageKey: text("storage_key").notNull(),
    fileType: text("file_type").notNull(),
    fileSize: bigint("file_size", { mode: "number" }).notNull(),
    /** Renditions for screens (media_renditions): null until processing is queued, then processing → ready | failed. */
    processingStatus: text("processing_status").$type<MediaProcessingStatus>(),
    /** Why processing failed, in words an owner can act on ("This file has no video stream"). */
    processingError: text("processing_error"),
    createdAt: createdAt(),
  },
  (table) => [
    index("media_user_created_idx").on(table.userId, table.createdAt.desc()),
    check("media_file_size_check", sql`${table.fileSize} >= 0`),
    check("media_processing_status_check", sql.raw(`processing_status in ('processing', 'ready', 'failed')`)),
  ],
);

export const RENDITION_KINDS = ["video", "poster", "image"] as const;
export type RenditionKind = (typeof RENDITION_KINDS)[number];

/** What a screen shows for a media item: the H.264 MP4 and its poster frame, or the normalized image. */
export const mediaRenditions = pgTable(
  "media_renditions",
  {
    mediaId: uuid("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    kind: text("kind").$type<RenditionKind>().notNull(),
    storageKey: text("storage_key").notNull(),
    mimeType: text("mime_type").notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    durationSec: doublePrecision("duration_sec"),
    /** Hex SHA-256 of the stored bytes: the players' cache key and integrity check. */
    sha256: text("sha256").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.mediaId, table.kind] }),
    check("media_renditions_kind_check", sql.raw(`kind in ('video', 'poster', 'image')`)),
    check("media_renditions_sha256_check", sql.raw(`sha256 ~ '^[0-9a-f]{64}$'`)),
  ],
);

/**
 * A listing's review state (docs/product.md#reviewed-listings): only `published` listings are public. Owners' new
 * listings start `pending`; an admin publishes, rejects (with a reason) or unpublishes.
 */
export const LISTING_STATUSES = ["pending", "published", "rejected", "unpublished"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const businesses = pgTable(
  "businesses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    description: text("description"),
    industry: text("industry").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zipCode: text("zip_code").notNull(),
    phone: text("phone"),
    email: text("email"),
    website: text("website"),
    imageUrl: text("image_url"),
    rating: real("rating").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    offerText: text("offer_text"),
    ownerName: text("owner_name"),
    ownerBio: text("owner_bio"),
    ownerImageUrl: text("owner_image_url"),
    qualityDescription: text("quality_description"),
    communityDescription: text("community_description"),
    sustainabilityDescription: text("sustainability_description"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /**
     * Rows written outside the app (seeders, imports, psql) are published; the app sets the status on every
     * insert (an owner's listing starts pending). See docs/decisions/060-reviewed-listings.md.
     */
    status: text("status").$type<ListingStatus>().notNull().default("published"),
    rejectionReason: text("rejection_reason"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    /** Weekly opening hours (~/lib/opening-hours), read in `time_zone`; null: not given. */
    hours: jsonb("hours").$type<WeeklyHours>(),
    /** IANA time zone of the listing, from its zip centroid; null: SITE_TIMEZONE. */
    timeZone: text("time_zone"),
    /** When the owner proved (or an admin accepted) their claim: the listing shows "Verified owner". */
    ownerVerifiedAt: timestamp("owner_verified_at", { withTimezone: true }),
    /**
     * The owner's choice to show "Seen N times on Local Shine kiosks this month" on the business page
     * (docs/product.md#one-business); off until they tick it.
     */
    showKioskPlays: boolean("show_kiosk_plays").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("businesses_industry_check", industryCheck("industry")),
    check(
      "businesses_status_check",
      sql.raw(`status in (${LISTING_STATUSES.map((status) => `'${status}'`).join(", ")})`),
    ),
    // The public lists walk these in list order (they only ever show published listings).
    index("businesses_published_created_idx")
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql.raw(`status = 'published'`)),
    index("businesses_published_industry_created_idx")
      .on(table.industry, table.createdAt.desc(), table.id.desc())
      .where(sql.raw(`status = 'published'`)),
    check("businesses_rating_check", sql`${table.rating} >= 0 and ${table.rating} <= 5`),
    check("businesses_review_count_check", sql`${table.reviewCount} >= 0`),
    index("businesses_created_idx").on(table.createdAt.desc(), table.id.desc()),
    index("businesses_industry_created_idx").on(table.industry, table.createdAt.desc(), table.id.desc()),
    index("businesses_user_created_idx").on(table.userId, table.createdAt.desc()),
    // fastupdate off: PGlite has no autovacuum to flush a GIN pending list, which every zip search would then
    // scan (docs/performance.md, "Directory").
    index("businesses_zip_trgm_idx")
      .using("gin", sql`${table.zipCode} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index("businesses_name_trgm_idx").using("gin", sql`lower(${table.name}) gin_trgm_ops`),
    index("businesses_city_trgm_idx").using("gin", sql`lower(${table.city}) gin_trgm_ops`),
  ],
);

/**
 * An owner's edit of a published listing, waiting for review (docs/decisions/076-reviewed-edits.md): only the
 * changed public fields, by column name. The `businesses` row keeps the approved values every public read uses;
 * approving copies these onto it. A rejected edit stays (with the reason) until the owner edits again. One per
 * listing: a new edit replaces it.
 */
export const businessEdits = pgTable(
  "business_edits",
  {
    businessId: uuid("business_id")
      .primaryKey()
      .references(() => businesses.id, { onDelete: "cascade" }),
    changes: jsonb("changes").$type<ListingChanges>().notNull(),
    status: text("status").$type<"pending" | "rejected">().notNull().default("pending"),
    rejectionReason: text("rejection_reason"),
    submittedBy: text("submitted_by").references(() => users.id, { onDelete: "set null" }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
  },
  (table) => [
    check("business_edits_status_check", sql.raw(`status in ('pending', 'rejected')`)),
    index("business_edits_queue_idx").on(table.submittedAt).where(sql.raw(`status = 'pending'`)),
  ],
);

// The directory's exact "Showing N" count (docs/product.md#directory-lists) without counting 100,000 rows per page
// view: running totals kept in step by statement triggers on `businesses` (drizzle/0003_directory_counts.sql), so every
// writer (forms, seeders, psql) updates them in its own transaction. Read-only for application code. Why:
// docs/decisions/005-directory-counts.md; figures: docs/performance.md, "Directory".

/** Businesses per industry: the count of the unfiltered and the per-industry lists. */
export const businessCountsByIndustry = pgTable("business_counts_by_industry", {
  industry: text("industry").primaryKey(),
  businesses: integer("businesses").notNull(),
});

/** Businesses per (industry, zip_code): the count of a zip search, summed over the zip codes that match. */
export const businessCountsByZip = pgTable(
  "business_counts_by_zip",
  {
    industry: text("industry").notNull(),
    zipCode: text("zip_code").notNull(),
    businesses: integer("businesses").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.industry, table.zipCode] }),
    index("business_counts_by_zip_trgm_idx")
      .using("gin", sql`${table.zipCode} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

export const businessStories = pgTable(
  "business_stories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    shortDescription: text("short_description").notNull(),
    content: text("content"),
    industry: text("industry").notNull(),
    author: text("author").notNull(),
    publishDate: date("publish_date", { mode: "string" }).notNull(),
    isFeatured: boolean("is_featured").notNull().default(false),
    backgroundImageUrl: text("background_image_url"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The listing the story is about, if any (the admin picks it); the story stays if the listing goes. */
    businessId: uuid("business_id").references(() => businesses.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("business_stories_industry_check", industryCheck("industry")),
    index("business_stories_business_publish_idx")
      .on(table.businessId, table.publishDate.desc())
      .where(sql`${table.businessId} is not null`),
    index("business_stories_publish_idx").on(table.publishDate.desc(), table.id.desc()),
    index("business_stories_industry_publish_idx").on(table.industry, table.publishDate.desc()),
    index("business_stories_featured_publish_idx")
      .on(table.publishDate.desc())
      .where(sql`${table.isFeatured}`),
    index("business_stories_title_trgm_idx").using("gin", sql`lower(${table.title}) gin_trgm_ops`),
    index("business_stories_author_trgm_idx").using("gin", sql`lower(${table.author}) gin_trgm_ops`),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// Beyond the spec: what visitors send us, and the mail that tells the team about it.
// ---------------------------------------------------------------------------------------------------------------

export const storySubmissions = pgTable(
  "story_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    story: text("story").notNull(),
    ipAddress: text("ip_address"),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("story_submissions_created_idx").on(table.createdAt.desc())],
);

export const businessApplications = pgTable(
  "business_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessName: text("business_name").notNull(),
    phoneNumber: text("phone_number"),
    /** How to reach the applicant: a phone number or this (the server asks for one of the two). */
    email: text("email"),
    website: text("website"),
    address: text("address"),
    ipAddress: text("ip_address"),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("business_applications_created_idx").on(table.createdAt.desc())],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    ipAddress: text("ip_address"),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("contact_messages_created_idx").on(table.createdAt.desc())],
);

export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * Every email, with its delivery status (shown in the admin inbox). Written in the caller's transaction together
 * with the `mail` job that delivers it (app/.server/infra/mail/outbox.ts).
 */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    replyTo: text("reply_to"),
    /** What caused the email, e.g. `story_submission:<uuid>`, so the inbox can show delivery status. */
    reference: text("reference"),
    status: text("status").$type<OutboxStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check("outbox_status_check", sql.raw(`status in ('pending', 'sent', 'failed')`)),
    index("outbox_reference_idx").on(table.reference),
  ],
);

export const JOB_STATES = ["pending", "running", "done", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * Background work (mail, media processing): enqueued in the caller's transaction, claimed with a lease by any app
 * instance, retried with backoff (app/.server/jobs; docs/decisions/020-one-job-mechanism.md).
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<unknown>().notNull().default({}),
    state: text("state").$type<JobState>().notNull().default("pending"),
    /** When a pending job is due: its first run, or its next attempt after a failure. */
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    /** Runs started so far, the current one included. */
    attempts: integer("attempts").notNull().default(0),
    /** A running job is its claimer's until then; afterwards any instance may claim it again. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** Names the claim: only its holder may renew, finish or reschedule the job. */
    leaseToken: uuid("lease_token"),
    lastError: text("last_error"),
    /** At most one unfinished job per (kind, dedupe_key). */
    dedupeKey: text("dedupe_key"),
    /**
     * Whose work this is (media: the owner's user id). A kind with `groupConcurrency` runs at most that many of a
     * group at once and takes each group's jobs in turn, so one group's backlog never delays another's.
     */
    groupKey: text("group_key"),
    /** Long work (a transcode), capped by the kind's `heavyConcurrency` so light jobs never wait behind it. */
    heavy: boolean("heavy").notNull().default(false),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    check("jobs_state_check", sql.raw(`state in ('pending', 'running', 'done', 'failed')`)),
    index("jobs_due_idx").on(table.kind, table.runAt).where(sql.raw(`state in ('pending', 'running')`)),
    uniqueIndex("jobs_dedupe_idx")
      .on(table.kind, table.dedupeKey)
      .where(sql.raw(`dedupe_key is not null and state in ('pending', 'running')`)),
    index("jobs_finished_idx").on(table.finishedAt).where(sql.raw(`state in ('done', 'failed')`)),
    // When each group was last served, for fair claims (app/.server/infra/jobs/store.ts).
    index("jobs_group_idx")
      .on(table.kind, table.groupKey, table.finishedAt)
      .where(sql.raw(`group_key is not null`)),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// Ads: an owner's media item turned into a reviewed ad for one of their listings (docs/product.md#ads).
// ---------------------------------------------------------------------------------------------------------------

export const AD_REVIEW_STATUSES = ["pending", "approved", "rejected"] as const;
export type AdReviewStatus = (typeof AD_REVIEW_STATUSES)[number];
export const AD_QR_TARGETS = ["listing", "website"] as const;
export type AdQrTarget = (typeof AD_QR_TARGETS)[number];

/** A weekly window in the kiosk's own time zone: days 0 (Sunday) to 6, hours "HH:MM"; end before start runs past midnight. */
export type AdScheduleWindow = { days: number[]; start: string; end: string };

export const ads = pgTable(
  "ads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    mediaId: uuid("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    /**
     * A second version of the ad in the other shape (portrait or landscape), optional: each screen plays the version
     * whose shape fits it (docs/decisions/101-an-ad-in-two-shapes.md). Deleting that media drops only the version.
     */
    altMediaId: uuid("alt_media_id").references(() => media.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    /** Seconds on screen for an image (5–30); null for a video, which plays its own length. */
    imageSeconds: integer("image_seconds"),
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on"),
    /** Empty: any time of any day. */
    schedule: jsonb("schedule").$type<AdScheduleWindow[]>().notNull().default([]),
    callToAction: text("call_to_action"),
    qrTarget: text("qr_target").$type<AdQrTarget>().notNull().default("listing"),
    /** The short link's code: /q/{code}. */
    shortCode: text("short_code").notNull(),
    /** Kiosks within this many miles of the listing play the ad (unless an admin picks kiosks). */
    radiusMiles: integer("radius_miles").notNull().default(5),
    /**
     * An owner's new distance for an approved ad, waiting for review: the kiosks keep playing it within
     * `radius_miles` until an admin approves (docs/decisions/076-reviewed-edits.md). Null: none waiting.
     */
    pendingRadiusMiles: integer("pending_radius_miles"),
    targetingSubmittedAt: timestamp("targeting_submitted_at", { withTimezone: true }),
    /** Why the last targeting change was not approved (the admin's words), until the owner changes it again. */
    targetingRejectionReason: text("targeting_rejection_reason"),
    reviewStatus: text("review_status").$type<AdReviewStatus>().notNull().default("pending"),
    rejectionReason: text("rejection_reason"),
    /** When the ad's current content was sent to review: the queue's order, oldest first. */
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    /** Who paused it: an owner's pause the owner may lift; an admin's only an admin. */
    pausedByAdmin: boolean("paused_by_admin").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("ads_short_code_idx").on(table.shortCode),
    index("ads_user_created_idx").on(table.userId, table.createdAt.desc()),
    index("ads_review_queue_idx").on(table.submittedAt).where(sql.raw(`review_status = 'pending'`)),
    index("ads_approved_idx")
      .on(table.businessId)
      .where(sql.raw(`review_status = 'approved' and paused_at is null`)),
    index("ads_media_idx").on(table.mediaId),
    index("ads_alt_media_idx").on(table.altMediaId).where(sql.raw(`alt_media_id is not null`)),
    check("ads_alt_media_check", sql.raw(`alt_media_id is null or alt_media_id <> media_id`)),
    check("ads_review_status_check", sql.raw(`review_status in ('pending', 'approved', 'rejected')`)),
    check("ads_qr_target_check", sql.raw(`qr_target in ('listing', 'website')`)),
    check("ads_image_seconds_check", sql.raw(`image_seconds is null or image_seconds between 5 and 30`)),
    check("ads_radius_check", sql.raw(`radius_miles between 1 and 100`)),
    check(
      "ads_pending_radius_check",
      sql.raw(`pending_radius_miles is null or pending_radius_miles between 1 and 100`),
    ),
    index("ads_targeting_queue_idx")
      .on(table.targetingSubmittedAt)
      .where(sql.raw(`pending_radius_miles is not null`)),
    check("ads_dates_check", sql.raw(`ends_on is null or ends_on >= starts_on`)),
    check("ads_short_code_check", sql.raw(`short_code ~ '^[A-Za-z0-9]{6,16}$'`)),
  ],
);

/**
 * One scan of an ad's QR code (a visit to /q/{code}). Raw events keep no foreign key so they outlive the ad they
 * count; no cookie, no IP: at most a daily-salted hash to tell repeat scans apart.
 */
export const adScans = pgTable(
  "ad_scans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    adId: uuid("ad_id").notNull(),
    /** The kiosk whose screen showed the code, when the link carried one the server knows. */
    kioskId: uuid("kiosk_id"),
    scannedAt: timestamp("scanned_at", { withTimezone: true }).notNull().defaultNow(),
    /** The visitor's day in the site's time zone (null on scans recorded before scans counted once a day). */
    day: date("day"),
    visitorHash: text("visitor_hash"),
  },
  (table) => [
    index("ad_scans_ad_time_idx").on(table.adId, table.scannedAt),
    index("ad_scans_time_idx").on(table.scannedAt),
    // One scan per visitor, ad and day, however many requests race (app/.server/results/visitors.ts).
    uniqueIndex("ad_scans_once_a_day_idx").on(table.adId, table.day, table.visitorHash),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
/**
 * A published listing's opening hours, one row per span and day of the week in the listing's own time zone, split at
 * midnight (a span past midnight is two rows). Kept by the app whenever a listing's hours, time zone or status change
 * (../businesses/opening-spans.ts), so "open now" is an index range scan per time zone instead of reading every
 * listing's hours. Minutes are 0–1440 from local midnight; `day` is 0 (Sunday) to 6.
 */
export const businessOpenSpans = pgTable(
  "business_open_spans",
  {
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    timeZone: text("time_zone").notNull(),
    day: integer("day").notNull(),
    opensAt: integer("opens_at").notNull(),
    closesAt: integer("closes_at").notNull(),
  },
  (table) => [
    index("business_open_spans_lookup_idx").on(
      table.timeZone,
      table.day,
      table.opensAt,
      table.closesAt,
      table.businessId,
    ),
    index("business_open_spans_business_idx").on(table.businessId),
  ],
);

/**
 * A request to take over a listing created for a business that had no account (docs/product.md#claims). With the
 * listing's email, a code sent there proves it (`code_hash`, a few tries); without one an admin decides.
 */
export const CLAIM_STATUSES = ["pending", "approved", "rejected"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const businessClaims = pgTable(
  "business_claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    method: text("method").$type<"email" | "admin">().notNull(),
    status: text("status").$type<ClaimStatus>().notNull().default("pending"),
    /** SHA-256 (hex) of the emailed code; null for an admin-decided claim. */
    codeHash: text("code_hash"),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    message: text("message"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by"),
    createdAt: createdAt(),
  },
  (table) => [
    index("business_claims_business_idx").on(table.businessId, table.createdAt.desc()),
    index("business_claims_user_idx").on(table.userId, table.createdAt.desc()),
    index("business_claims_pending_idx")
      .on(table.createdAt)
      .where(sql.raw(`status = 'pending' and method = 'admin'`)),
    check("business_claims_status_check", sql.raw(`status in ('pending', 'approved', 'rejected')`)),
    check("business_claims_method_check", sql.raw(`method in ('email', 'admin')`)),
  ],
);

// Kiosks: the screens in partners' shops, paired by a short code, playing a manifest of ads (docs/product.md#kiosks).
// ---------------------------------------------------------------------------------------------------------------

export const KIOSK_ORIENTATIONS = ["portrait", "landscape"] as const;
export type KioskOrientation = (typeof KIOSK_ORIENTATIONS)[number];

export const kiosks = pgTable(
  "kiosks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    label: text("label").notNull(),
    /** The partner business whose shop hosts the screen. */
    hostBusinessId: uuid("host_business_id").references(() => businesses.id, { onDelete: "set null" }),
    orientation: text("orientation").$type<KioskOrientation>().notNull().default("portrait"),
    /** IANA time zone the kiosk's schedules are read in: from the host's location, else SITE_TIMEZONE. */
    timeZone: text("time_zone").notNull(),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** Admin's estimate of people who see one play; impressions derived from it are labelled as estimates. */
    peoplePerPlay: real("people_per_play"),
    /** SHA-256 (hex) of the paired device's token; null when no device is paired. */
    deviceTokenHash: text("device_token_hash"),
    pairedAt: timestamp("paired_at", { withTimezone: true }),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    /** What the last heartbeat said: the playing ad, manifest version, player version, storage, last error. */
    lastHeartbeat: jsonb("last_heartbeat").$type<Record<string, unknown>>(),
    /** Never sleeps outside its host's opening hours (docs/product.md#sleep-outside-opening-hours). */
    alwaysOn: boolean("always_on").notNull().default(false),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("kiosks_device_token_idx")
      .on(table.deviceTokenHash)
      .where(sql.raw(`device_token_hash is not null`)),
    index("kiosks_host_idx").on(table.hostBusinessId),
    check("kiosks_orientation_check", sql.raw(`orientation in ('portrait', 'landscape')`)),
  ],
);

/**
 * One play of an ad (or house content, ad_id null) on a kiosk, as the device recorded it. The device's own UUID is
 * the key, so a batch sent again stores nothing twice; the times are the device's, corrected by the server time
 * it last heard. No foreign keys: plays outlive the ads and kiosks they count.
 */
export const kioskPlays = pgTable(
  "kiosk_plays",
  {
    id: uuid("id").primaryKey(),
    kioskId: uuid("kiosk_id").notNull(),
    adId: uuid("ad_id"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }).notNull(),
    completed: boolean("completed").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("kiosk_plays_ad_time_idx").on(table.adId, table.startedAt),
    index("kiosk_plays_kiosk_time_idx").on(table.kioskId, table.startedAt),
    // The results roll-up finds what arrived since its last run, then recounts those hours.
    index("kiosk_plays_received_idx").on(table.receivedAt),
    index("kiosk_plays_started_idx").on(table.startedAt),
  ],
);

/**
 * What a kiosk was told it may play (docs/security.md#proof-of-play): one row per item as a served manifest
 * described it (its on-screen time, dates and windows, the zone they are read in), from the first manifest that
 * carried it until one served to that kiosk no longer did. A play is stored only when such a row covers it.
 * Written when a manifest is answered with a body, not on revalidations.
 */
export const kioskServedItems = pgTable(
  "kiosk_served_items",
  {
    kioskId: uuid("kiosk_id").notNull(),
    /** `ad:{adId}` or the house slide's id (`house:free-kiosk`, `house:story:{id}`): the item without its turn. */
    itemKey: text("item_key").notNull(),
    adId: uuid("ad_id"),
    /** Hash of what decides a play's plausibility: the key, the time on screen, the timing, the zone. */
    servedHash: text("served_hash").notNull(),
    /** Longest plausible play of it, in ms: its seconds, a stalled video's cut-off, and a little slack. */
    maxMs: integer("max_ms").notNull(),
    timing: jsonb("timing")
      .$type<{ startsOn: string; endsOn: string | null; schedule: AdScheduleWindow[] }>()
      .notNull(),
    timeZone: text("time_zone").notNull(),
    firstServedAt: timestamp("first_served_at", { withTimezone: true }).notNull(),
    /** When a manifest without it was served to this kiosk; null while it is still in the kiosk's manifest. */
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.kioskId, table.servedHash, table.firstServedAt] })],
);

/**
 * A screen offline during its host's opening hours past the alert threshold (docs/decisions/087-screen-alert-incidents.md):
 * one row per incident, open until the screen is heard from again (or unpaired or retired). At most one open per
 * kiosk, so two instances checking at once open (and email) it once.
 */
export const kioskIncidents = pgTable(
  "kiosk_incidents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kioskId: uuid("kiosk_id")
      .notNull()
      .references(() => kiosks.id, { onDelete: "cascade" }),
    /** The screen's last heartbeat before it went quiet (its pairing, when it never sent one). */
    downSince: timestamp("down_since", { withTimezone: true }).notNull(),
    /** When the incident was opened and its alert queued. */
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** Closed because the screen was heard from again (its "back" email was queued), not because it left the fleet. */
    back: boolean("back").notNull().default(false),
  },
  (table) => [uniqueIndex("kiosk_incidents_open_idx").on(table.kioskId).where(sql.raw(`closed_at is null`))],
);

/** Plays a kiosk sent that the server refused as implausible, counted per kiosk, day (UTC) and reason. */
export const kioskPlayRefusals = pgTable(
  "kiosk_play_refusals",
  {
    kioskId: uuid("kiosk_id").notNull(),
    day: date("day").notNull(),
    reason: text("reason").notNull(),
    plays: integer("plays").notNull(),
    lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kioskId, table.day, table.reason] }),
    // The fleet page reads the last days of every kiosk.
    index("kiosk_play_refusals_day_idx").on(table.day),
  ],
);

/**
 * The ids of refused plays of the last days, so a batch sent again (its answer lost on the way) is not counted twice
 * in kiosk_play_refusals. Pruned as refusals are counted.
 */
export const kioskRefusedPlays = pgTable(
  "kiosk_refused_plays",
  {
    kioskId: uuid("kiosk_id").notNull(),
    id: uuid("id").notNull(),
    refusedAt: timestamp("refused_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kioskId, table.id] }),
    index("kiosk_refused_plays_kiosk_at_idx").on(table.kioskId, table.refusedAt),
  ],
);

/**
 * A pairing in progress: the code a new screen shows, until an admin enters it and picks the kiosk (claim) and the
 * screen collects its device token (hand-over, once). The screen proves itself with the secret it was given,
 * kept here only as its SHA-256; the device token is made at hand-over and only its hash is kept (on the kiosk).
 */
export const kioskPairings = pgTable(
  "kiosk_pairings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    secretHash: text("secret_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    kioskId: uuid("kiosk_id").references(() => kiosks.id, { onDelete: "cascade" }),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    handedOverAt: timestamp("handed_over_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("kiosk_pairings_code_idx").on(table.code),
    index("kiosk_pairings_expires_idx").on(table.expiresAt),
    check("kiosk_pairings_code_check", sql.raw(`code ~ '^[A-Z0-9]{6}$'`)),
  ],
);

/**
 * A device token revoked by Unpair, Retire or a new pairing, kept a day (REVOKED_TOKEN_GRACE_MS) so the screen can
 * still send the plays it made while it was paired: only plays, only those that started within the pairing
 * (docs/security.md#proof-of-play). Only the SHA-256 is kept, as on the kiosk.
 */
export const kioskRevokedTokens = pgTable(
  "kiosk_revoked_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    kioskId: uuid("kiosk_id")
      .notNull()
      .references(() => kiosks.id, { onDelete: "cascade" }),
    pairedAt: timestamp("paired_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("kiosk_revoked_tokens_revoked_idx").on(table.revokedAt)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * What a kiosk's screen showed last: one small JPEG per kiosk, replaced by the next, never kept as history
 * (docs/product.md#what-is-on-the-screen). `requested_at` is an admin's request, which the screen answers at its
 * next heartbeat; a row may hold a request and no picture yet.
 */
export const kioskScreenshots = pgTable(
  "kiosk_screenshots",
  {
    kioskId: uuid("kiosk_id")
      .primaryKey()
      .references(() => kiosks.id, { onDelete: "cascade" }),
    jpeg: bytea("jpeg"),
    width: integer("width"),
    height: integer("height"),
    /** When the server received the picture (the screen's clock is not trusted for it). */
    takenAt: timestamp("taken_at", { withTimezone: true }),
    requestedAt: timestamp("requested_at", { withTimezone: true }),
  },
  () => [check("kiosk_screenshots_size_check", sql.raw(`octet_length(jpeg) <= 65536`))],
);

/** Kiosks an admin picked for an ad: an ad with picks plays on exactly those kiosks, whatever its radius. */
export const adKiosks = pgTable(
  "ad_kiosks",
  {
    adId: uuid("ad_id")
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    kioskId: uuid("kiosk_id")
      .notNull()
      .references(() => kiosks.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.adId, table.kioskId] }),
    index("ad_kiosks_kiosk_idx").on(table.kioskId),
  ],
);

/**
 * Named groups of kiosks an admin makes (an area, a venue type, a host chain): a kiosk may be in several. Ads and
 * priority messages can target groups (docs/product.md#screen-groups).
 */
export const kioskGroups = pgTable(
  "kiosk_groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("kiosk_groups_name_idx").on(sql`lower(${table.name})`)],
);

export const kioskGroupMembers = pgTable(
  "kiosk_group_members",
  {
    groupId: uuid("group_id")
      .notNull()
      .references(() => kioskGroups.id, { onDelete: "cascade" }),
    kioskId: uuid("kiosk_id")
      .notNull()
      .references(() => kiosks.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.kioskId] }),
    index("kiosk_group_members_kiosk_idx").on(table.kioskId),
  ],
);

/**
 * Groups an admin targeted an ad at: an ad with picked kiosks or groups plays on exactly the picked kiosks and the
 * groups' members, whatever its radius. Set by admins only, like ad_kiosks (docs/decisions/084-screen-groups.md).
 */
export const adKioskGroups = pgTable(
  "ad_kiosk_groups",
  {
    adId: uuid("ad_id")
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    groupId: uuid("group_id")
      .notNull()
      .references(() => kioskGroups.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.adId, table.groupId] }),
    index("ad_kiosk_groups_group_idx").on(table.groupId),
  ],
);

/**
 * A priority message (takeover): full screen on every screen (`all_screens`) or on the groups in
 * kiosk_takeover_groups, from `starts_at` until `ends_at` (null: until an admin clears it). Never an ad play.
 */
export const kioskTakeovers = pgTable(
  "kiosk_takeovers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    headline: text("headline").notNull(),
    body: text("body").notNull().default(""),
    /** Background colour, `#rrggbb`; the text is drawn in whichever of white or ink reads on it. */
    color: text("color").notNull(),
    /** An image from the admin's media library, shown with its screen rendition. */
    mediaId: uuid("media_id").references(() => media.id, { onDelete: "set null" }),
    allScreens: boolean("all_screens").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    clearedAt: timestamp("cleared_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    check("kiosk_takeovers_color_check", sql.raw(`color ~ '^#[0-9a-f]{6}$'`)),
    check("kiosk_takeovers_times_check", sql.raw(`ends_at is null or ends_at > starts_at`)),
    index("kiosk_takeovers_live_idx").on(table.startsAt).where(sql.raw(`cleared_at is null`)),
  ],
);

export const kioskTakeoverGroups = pgTable(
  "kiosk_takeover_groups",
  {
    takeoverId: uuid("takeover_id")
      .notNull()
      .references(() => kioskTakeovers.id, { onDelete: "cascade" }),
    groupId: uuid("group_id")
      .notNull()
      .references(() => kioskGroups.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.takeoverId, table.groupId] })],
);

// ---------------------------------------------------------------------------------------------------------------
// Results: what the network did for each business (docs/product.md#results). Raw events are kept for
// RESULTS_RAW_DAYS, then only the roll-ups below, which the roll-up job recounts from the raw events
// (app/.server/results/rollup.ts; docs/decisions/055-results-roll-ups.md).
// ---------------------------------------------------------------------------------------------------------------

export const LISTING_EVENT_KINDS = ["view", "call", "website", "email", "directions"] as const;
export type ListingEventKind = (typeof LISTING_EVENT_KINDS)[number];

/**
 * A view of a business page, or a contact action on it. No foreign key (the events outlive the listing's edits), no
 * cookie, no IP: at most a daily-salted hash to tell one visitor's repeats apart on one day.
 */
export const listingEvents = pgTable(
  "listing_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull(),
    kind: text("kind").$type<ListingEventKind>().notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The visitor's day in the site's time zone (null on events recorded before events counted once a day). */
    day: date("day"),
    visitorHash: text("visitor_hash"),
  },
  (table) => [
    index("listing_events_at_idx").on(table.at),
    index("listing_events_business_at_idx").on(table.businessId, table.at),
    // One event of each kind per visitor, listing and day, however many requests race (app/.server/results/visitors.ts).
    uniqueIndex("listing_events_once_a_day_idx").on(
      table.businessId,
      table.kind,
      table.day,
      table.visitorHash,
    ),
    check("listing_events_kind_check", sql.raw(`kind in ('view', 'call', 'website', 'email', 'directions')`)),
  ],
);

/**
 * Hourly totals per ad and kiosk (UTC hours). House content counts under the nil UUID as its ad; a scan whose link
 * named no known kiosk counts under the nil UUID as its kiosk. Recounted from the raw events, never incremented.
 */
export const adHourlyResults = pgTable(
  "ad_hourly_results",
  {
    adId: uuid("ad_id").notNull(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    kioskId: uuid("kiosk_id").notNull(),
    plays: integer("plays").notNull().default(0),
    completedPlays: integer("completed_plays").notNull().default(0),
    screenMs: bigint("screen_ms", { mode: "number" }).notNull().default(0),
    scans: integer("scans").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.adId, table.hour, table.kioskId] }),
    index("ad_hourly_results_hour_idx").on(table.hour),
    index("ad_hourly_results_kiosk_hour_idx").on(table.kioskId, table.hour),
  ],
);

/**
 * Who an ad's results belong to, and its title: kept when the ad is deleted, so its totals keep their name and
 * owner. Written by the roll-up from the ad itself.
 */
export const adResultNames = pgTable(
  "ad_result_names",
  {
    adId: uuid("ad_id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    businessId: uuid("business_id").notNull(),
    title: text("title").notNull(),
    /** When the ad was deleted (the roll-up noticed it gone); null while it exists. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (table) => [
    index("ad_result_names_user_idx").on(table.userId),
    index("ad_result_names_business_idx").on(table.businessId),
  ],
);

/** Daily totals per business page, days in SITE_TIMEZONE. Recounted from the raw events, never incremented. */
export const businessDailyResults = pgTable(
  "business_daily_results",
  {
    businessId: uuid("business_id").notNull(),
    day: date("day").notNull(),
    views: integer("views").notNull().default(0),
    uniqueViews: integer("unique_views").notNull().default(0),
    calls: integer("calls").notNull().default(0),
    websites: integer("websites").notNull().default(0),
    emails: integer("emails").notNull().default(0),
    directions: integer("directions").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.businessId, table.day] }),
    index("business_daily_results_day_idx").on(table.day),
  ],
);

/**
 * Daily totals per kiosk (days in SITE_TIMEZONE): every play (`plays`, house slides included), the plays of ads
 * (`ad_plays`) and scans. Recounted with the hourly rows from the raw events; what the network page and the public
 * figures read, so their cost follows kiosks × days, not plays.
 */
export const kioskDailyResults = pgTable(
  "kiosk_daily_results",
  {
    kioskId: uuid("kiosk_id").notNull(),
    day: date("day").notNull(),
    plays: integer("plays").notNull().default(0),
    adPlays: integer("ad_plays").notNull().default(0),
    scans: integer("scans").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.kioskId, table.day] }),
    index("kiosk_daily_results_day_idx").on(table.day),
  ],
);

/** Daily totals per ad (days in SITE_TIMEZONE; house content under the nil UUID), recounted like the kiosks'. */
export const adDailyResults = pgTable(
  "ad_daily_results",
  {
    adId: uuid("ad_id").notNull(),
    day: date("day").notNull(),
    plays: integer("plays").notNull().default(0),
    completedPlays: integer("completed_plays").notNull().default(0),
    screenMs: bigint("screen_ms", { mode: "number" }).notNull().default(0),
    scans: integer("scans").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.adId, table.day] }),
    index("ad_daily_results_day_idx").on(table.day),
  ],
);

export const REPORT_KINDS = ["owner_weekly", "admin_weekly"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Who asked not to get a kind of report (everyone else who qualifies gets it: reports are on by default). */
export const reportOptOuts = pgTable(
  "report_opt_outs",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ReportKind>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind] }),
    check("report_opt_outs_kind_check", sql.raw(`kind in ('owner_weekly', 'admin_weekly')`)),
  ],
);

/**
 * One row per report sent: the key (kind, user, period) is what makes a report go out once per period however many
 * instances run the weekly job. Written in the transaction that queues the email.
 */
export const reportDeliveries = pgTable(
  "report_deliveries",
  {
    kind: text("kind").$type<ReportKind>().notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The first day of the period reported (a Monday, in SITE_TIMEZONE). */
    period: date("period").notNull(),
    outboxId: uuid("outbox_id"),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.userId, table.period] }),
    check("report_deliveries_kind_check", sql.raw(`kind in ('owner_weekly', 'admin_weekly')`)),
  ],
);

/** How far the roll-up has read: raw events received up to `rolled_up_to` are in the roll-ups. One row. */
export const resultsRollupMarks = pgTable("results_rollup_marks", {
  name: text("name").primaryKey(),
  rolledUpTo: timestamp("rolled_up_to", { withTimezone: true }).notNull(),
  updatedAt: updatedAt(),
});

export const schema = {
  users,
  sessions,
  accounts,
  verifications,
  rateLimits,
  media,
  businesses,
  businessOpenSpans,
  businessEdits,
  businessClaims,
  businessCountsByIndustry,
  businessCountsByZip,
  businessStories,
  storySubmissions,
  businessApplications,
  contactMessages,
  outbox,
  jobs,
  mediaRenditions,
  ads,
  adScans,
  kiosks,
  kioskPlays,
  kioskPairings,
  adKiosks,
  kioskGroups,
  kioskGroupMembers,
  adKioskGroups,
  kioskTakeovers,
  kioskTakeoverGroups,
  listingEvents,
  adHourlyResults,
  adResultNames,
  businessDailyResults,
  kioskDailyResults,
  adDailyResults,
  reportOptOuts,
  reportDeliveries,
  resultsRollupMarks,
};

export type Schema = typeof schema;
export type Business = typeof businesses.$inferSelect;
export type Story = typeof businessStories.$inferSelect;
export type Media = typeof media.$inferSelect;
export type Job = typeof jobs.$inferSelect;
export type MediaRendition = typeof mediaRenditions.$inferSelect;
export type User = typeof users.$inferSelect;
export type Ad = typeof ads.$inferSelect;
export type Kiosk = typeof kiosks.$inferSelect;
export type KioskPairing = typeof kioskPairings.$inferSelect;

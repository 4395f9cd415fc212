import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BusinessSchema } from "~/lib/business-schemas";
import { businessClaims, businesses, outbox, rateLimits, users } from "../infra/db/schema";
import { createTestServices } from "../../../tests/support/test-services";
import {
  CLAIM_CODE_CHECKS_PER_LISTING,
  CLAIM_EMAILS_PER_LISTING,
  CLAIM_MESSAGES,
  CLAIM_RATE,
  claimStateFor,
  confirmClaimCode,
  decideClaim,
  listPendingClaims,
  MAX_CODE_ATTEMPTS,
  requestClaim,
} from "./claims";
import { getBusiness } from "./directory";
import { createBusiness, type ManageViewer } from "./manage";

type TestServices = Awaited<ReturnType<typeof createTestServices>>;

const admin: ManageViewer = { id: "claims-admin", isAdmin: true };
const owner: ManageViewer = { id: "claims-owner", isAdmin: false };
const claimant: ManageViewer = { id: "claims-claimant", isAdmin: false };
const other: ManageViewer = { id: "claims-other", isAdmin: false };
const third: ManageViewer = { id: "claims-third", isAdmin: false };

const form = (email?: string) =>
  BusinessSchema.parse({
    name: "Corner Shop",
    industry: "food-industry",
    address: "1 Main",
    city: "Encino",
    state: "CA",
    zip_code: "91316",
    ...(email ? { email } : {}),
  });

describe("claims", () => {
  let services: TestServices;

  beforeAll(async () => {
    services = await createTestServices();
    await services.db.insert(users).values([
      { id: admin.id, name: "Ada", email: "ada@example.com", role: "admin" },
      { id: owner.id, name: "Olu", email: "olu@example.com" },
      { id: claimant.id, name: "Cam", email: "cam@example.com" },
      { id: other.id, name: "Oz", email: "oz@example.com" },
      { id: third.id, name: "Tig", email: "tig@example.com" },
    ]);
  });
  afterAll(async () => {
    await services?.close();
  });
  beforeEach(async () => {
    await services.db.execute(sql`truncate ${businesses} cascade`);
    await services.db.delete(outbox);
    await services.db.delete(rateLimits);
  });

  const adminListing = (email?: string) =>
    createBusiness(services.db, admin, { input: form(email), position: null, images: {} });
  const codeFromMail = async () => {
    const [mail] = await services.db.select().from(outbox);
    return /code on the listing's page: (\d{6})/.exec(mail!.textBody)![1]!;
  };

  it("proves a claim with the code sent to the listing's email; the claimant becomes the verified owner", async () => {
    const listing = await adminListing("shop@example.com");
    expect((await getBusiness(services.db, listing.id))?.claimable).toBe(true);
    expect(await requestClaim(services, claimant, listing.id)).toEqual({
      ok: true,
      method: "email",
      sentTo: "s***@example.com",
    });
    const [mail] = await services.db.select().from(outbox);
    expect(mail!.toAddress).toBe("shop@example.com");
    expect(await claimStateFor(services.db, claimant, listing.id)).toBe("code-sent");

    // Someone else cannot use the code (they have no claim), and a wrong code uses up an attempt.
    const code = await codeFromMail();
    expect(await confirmClaimCode(services, other, listing.id, code)).toMatchObject({ status: 404 });
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await confirmClaimCode(services, claimant, listing.id, wrong)).toMatchObject({ status: 400 });

    expect(await confirmClaimCode(services, claimant, listing.id, code)).toEqual({ ok: true });
    const [row] = await services.db.select().from(businesses).where(eq(businesses.id, listing.id));
    expect(row!.userId).toBe(claimant.id);
    expect(row!.ownerVerifiedAt).not.toBeNull();
    const profile = await getBusiness(services.db, listing.id);
    expect(profile).toMatchObject({ ownerVerified: true, claimable: false });
    // Claimed once: nobody can claim it again.
    expect(await requestClaim(services, other, listing.id)).toMatchObject({ status: 404 });
  });

  it("locks a code after too many wrong guesses", async () => {
    const listing = await adminListing("shop@example.com");
    await requestClaim(services, claimant, listing.id);
    const code = await codeFromMail();
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) await confirmClaimCode(services, claimant, listing.id, wrong);
    expect(await confirmClaimCode(services, claimant, listing.id, code)).toMatchObject({ status: 410 });
  });

  it("sends a claim without an email to an admin, who decides", async () => {
    const listing = await adminListing();
    expect(await requestClaim(services, claimant, listing.id)).toEqual({ ok: true, method: "admin" });
    expect(await claimStateFor(services.db, claimant, listing.id)).toBe("awaiting-admin");
    expect(await listPendingClaims(services.db, claimant)).toMatchObject({ status: 403 });
    const pending = await listPendingClaims(services.db, admin);
    if (!pending.ok) throw new Error("admin refused");
    expect(pending.claims.map((claim) => claim.claimantEmail)).toEqual(["cam@example.com"]);
    const claimId = pending.claims[0]!.id;
    expect(await decideClaim(services, claimant, claimId, true)).toMatchObject({ status: 403 });

    expect(await decideClaim(services, admin, claimId, true)).toEqual({ ok: true });
    const [row] = await services.db.select().from(businesses).where(eq(businesses.id, listing.id));
    expect(row!.userId).toBe(claimant.id);
    const [mail] = await services.db.select().from(outbox);
    expect(mail).toMatchObject({ toAddress: "cam@example.com" });
    expect(await decideClaim(services, admin, claimId, true)).toMatchObject({ status: 409 });
    const [claim] = await services.db.select().from(businessClaims).where(eq(businessClaims.id, claimId));
    expect(claim).toMatchObject({ status: "approved", decidedBy: admin.id });
  });

  it("refuses listings that have an owner of their own, and rate limits claims per person", async () => {
    const owned = await createBusiness(services.db, owner, { input: form(), position: null, images: {} });
    await services.db.update(businesses).set({ status: "published" }).where(eq(businesses.id, owned.id));
    expect(await requestClaim(services, claimant, owned.id)).toMatchObject({ status: 404 });
    expect(await requestClaim(services, claimant, "not-a-uuid")).toMatchObject({ status: 404 });

    const listing = await adminListing();
    for (let i = 0; i < CLAIM_RATE.max; i++) {
      expect((await requestClaim(services, other, listing.id)).ok).toBe(true);
    }
    expect(await requestClaim(services, other, listing.id)).toMatchObject({ status: 429 });
  });

  it("several accounts together get no more claim emails to one listing than its own limit", async () => {
    const listing = await adminListing("shop@example.com");
    const asks = [claimant, other, third, claimant, other, third, claimant, other];
    const answers = await Promise.all(asks.map((viewer) => requestClaim(services, viewer, listing.id)));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(CLAIM_EMAILS_PER_LISTING.max);
    expect(answers.filter((answer) => !answer.ok)).toEqual(
      Array(asks.length - CLAIM_EMAILS_PER_LISTING.max).fill({
        ok: false,
        status: 429,
        message: CLAIM_MESSAGES.listingRateLimited,
      }),
    );
    expect(await services.db.select().from(outbox)).toHaveLength(CLAIM_EMAILS_PER_LISTING.max);
    // Another listing is not affected.
    const another = await adminListing("other-shop@example.com");
    expect(await requestClaim(services, third, another.id)).toMatchObject({ ok: true, method: "email" });
  });

  it("wrong codes from several accounts on one listing are bounded together; strangers cannot lock it", async () => {
    const listing = await adminListing("shop@example.com");
    // Checks by someone with no claim are not guesses: they use nothing up.
    for (let i = 0; i < CLAIM_CODE_CHECKS_PER_LISTING.max + 2; i++) {
      expect(await confirmClaimCode(services, third, listing.id, "123456")).toMatchObject({ status: 404 });
    }
    for (const viewer of [claimant, other]) await requestClaim(services, viewer, listing.id);
    await services.db.delete(outbox);
    await requestClaim(services, third, listing.id);
    const thirdCode = await codeFromMail();
    const wrong = (viewer: ManageViewer) => confirmClaimCode(services, viewer, listing.id, "not-a-code");
    const guesses = [];
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) guesses.push(await wrong(claimant), await wrong(other));
    expect(guesses.filter((guess) => guess.ok === false && guess.status === 400)).toHaveLength(
      CLAIM_CODE_CHECKS_PER_LISTING.max,
    );
    expect(await confirmClaimCode(services, third, listing.id, thirdCode)).toEqual({
      ok: false,
      status: 429,
      message: CLAIM_MESSAGES.tooManyChecks,
    });
  });
});

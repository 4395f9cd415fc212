import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InboxSearchSchema } from "~/lib/admin-inbox-schemas";
import { businessApplications, contactMessages, outbox, storySubmissions } from "../infra/db/schema";
import { enqueueEmail } from "../infra/mail";
import { createTestServices } from "../../../tests/support/test-services";
import { listInbox, setInboxItemHandled } from "./inbox";

const admin = { id: "admin-1", isAdmin: true };
const owner = { id: "owner-1", isAdmin: false };
const search = (query: Record<string, string> = {}) => InboxSearchSchema.parse(query);
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe("admin inbox", () => {
  let services: Awaited<ReturnType<typeof createTestServices>>;
  const ids = { story: "", application: "", message: "" };

  beforeAll(async () => {
    services = await createTestServices();
    const { db } = services;
    const [story] = await db
      .insert(storySubmissions)
      .values({
        firstName: "Ana",
        lastName: "Reyes",
        email: "ana@example.com",
        story: "Our kiosk story.",
        createdAt: minutesAgo(30),
      })
      .returning();
    const [application] = await db
      .insert(businessApplications)
      .values({ businessName: "Valley Vets", phoneNumber: "818-555-0100", createdAt: minutesAgo(10) })
      .returning();
    const [message] = await db
      .insert(contactMessages)
      .values({ name: "Bo", email: "bo@example.com", message: "Hello there", createdAt: minutesAgo(20) })
      .returning();
    ids.story = story!.id;
    ids.application = application!.id;
    ids.message = message!.id;
    await enqueueEmail(db, {
      to: "team@example.com",
      subject: "s",
      text: "t",
      reference: `story_submission:${ids.story}`,
    });
    const sent = await enqueueEmail(db, {
      to: "team@example.com",
      subject: "a",
      text: "t",
      reference: `business_application:${ids.application}`,
    });
    await db
      .update(outbox)
      .set({ status: "sent", attempts: 1, sentAt: new Date() })
      .where(eq(outbox.id, sent));
  });
  afterAll(async () => {
    await services?.close();
  });

  it("merges the three kinds newest first, each with its email delivery status", async () => {
    const result = await listInbox(services.db, admin, search());
    if (!result.ok) throw new Error("refused");
    expect(result.items.map((item) => [item.kind, item.id, item.delivery.status])).toEqual([
      ["business_application", ids.application, "sent"],
      ["contact_message", ids.message, "none"],
      ["story_submission", ids.story, "pending"],
    ]);
    expect(result.items[2]).toMatchObject({
      firstName: "Ana",
      lastName: "Reyes",
      story: "Our kiosk story.",
      handledAt: null,
    });
    expect(result.open).toEqual({ story_submission: 1, business_application: 1, contact_message: 1 });
    expect(result.matching).toBe(3);
  });

  it("shows one kind per tab", async () => {
    const result = await listInbox(services.db, admin, search({ tab: "messages" }));
    expect(result.ok && result.items.map((item) => item.id)).toEqual([ids.message]);
    const bogus = await listInbox(services.db, admin, search({ tab: "nope", page: "-3" }));
    expect(bogus.ok && bogus.items).toHaveLength(3);
  });

  it("marks an item handled (hidden from the open view, shown with show=all) and opens it again", async () => {
    expect(
      await setInboxItemHandled(services.db, admin, {
        kind: "story_submission",
        id: ids.story,
        handled: true,
      }),
    ).toEqual({ ok: true });
    const open = await listInbox(services.db, admin, search());
    expect(open.ok && open.items.map((item) => item.id)).not.toContain(ids.story);
    expect(open.ok && open.open.story_submission).toBe(0);
    const all = await listInbox(services.db, admin, search({ show: "all", tab: "stories" }));
    expect(all.ok && all.items[0]?.handledAt).toEqual(expect.any(String));
    await setInboxItemHandled(services.db, admin, {
      kind: "story_submission",
      id: ids.story,
      handled: false,
    });
    const [row] = await services.db.select().from(storySubmissions).where(eq(storySubmissions.id, ids.story));
    expect(row!.handledAt).toBeNull();
    expect(
      await setInboxItemHandled(services.db, admin, {
        kind: "contact_message",
        id: ids.story,
        handled: true,
      }),
    ).toMatchObject({ status: 404 });
    expect(
      await setInboxItemHandled(services.db, admin, { kind: "contact_message", id: "x", handled: true }),
    ).toMatchObject({ status: 404 });
  });

  it("refuses a non-admin: nothing read, nothing changed", async () => {
    expect(await listInbox(services.db, owner, search())).toMatchObject({ ok: false, status: 403 });
    expect(
      await setInboxItemHandled(services.db, owner, {
        kind: "contact_message",
        id: ids.message,
        handled: true,
      }),
    ).toMatchObject({ ok: false, status: 403 });
    const [row] = await services.db.select().from(contactMessages).where(eq(contactMessages.id, ids.message));
    expect(row!.handledAt).toBeNull();
  });
});

import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/inbox";
import { InboxList, InboxTabs } from "~/components/admin/inbox-list";
import { StoryFormDialog, useStoryDialog } from "~/components/admin/story-form-dialog";
import { draftFromSubmission } from "~/components/admin/story-draft";
import {
  INBOX_TOASTS,
  InboxItemActionSchema,
  InboxSearchSchema,
  type InboxActionReply,
} from "~/lib/admin-inbox-schemas";
import { getViewer, requireAdmin } from "~/.server/auth/guards";
import { getRequestInfo } from "~/.server/request-context";
import { getServicesFrom } from "~/.server/services";
import { siteToday } from "~/.server/stories/site-date";
import { listInbox, setInboxItemHandled } from "~/.server/submissions/inbox";

export const meta: Route.MetaFunction = () => [
  { title: "Inbox | Local Shine" },
  { name: "description", content: "Story submissions, Join Our Network applications and contact messages." },
  { name: "robots", content: "noindex" },
];

/** Admins only: signed-out visitors go to /signin, everyone else to /dashboard. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request, context);
  const search = InboxSearchSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { db, env } = getServicesFrom(context);
  const result = await listInbox(db, viewer, search);
  if (!result.ok) throw redirect("/dashboard");
  return { ...result, search, timeZone: env.SITE_TIMEZONE, today: siteToday(env.SITE_TIMEZONE) };
}

const reply = (body: InboxActionReply, status = 200) => data(body, { status });

/** Mark as handled / Reopen. The admin check is the domain function's: it refuses and changes nothing otherwise. */
export async function action({ request, context }: Route.ActionArgs) {
  const { log } = getRequestInfo(context);
  const viewer = await getViewer(request, context);
  if (!viewer) return reply({ ok: false, toast: INBOX_TOASTS.failed }, 401);
  const form = await request.formData().catch(() => null);
  const input = InboxItemActionSchema.safeParse(form ? Object.fromEntries(form) : {});
  if (!input.success) return reply({ ok: false, toast: INBOX_TOASTS.failed }, 400);
  const { intent, kind, id } = input.data;
  try {
    const result = await setInboxItemHandled(getServicesFrom(context).db, viewer, {
      kind,
      id,
      handled: intent === "handle",
    });
    if (!result.ok) {
      log.info({ status: result.status, userId: viewer.id, kind, id }, "inbox update refused");
      return reply({ ok: false, toast: INBOX_TOASTS.failed }, result.status);
    }
    log.info({ userId: viewer.id, kind, id, intent }, "inbox item updated");
    return reply({ ok: true, toast: intent === "handle" ? INBOX_TOASTS.handled : INBOX_TOASTS.reopened });
  } catch (error) {
    log.error({ err: error, kind, id }, "inbox update failed");
    return reply({ ok: false, toast: INBOX_TOASTS.failed }, 500);
  }
}

export default function InboxPage({ loaderData }: Route.ComponentProps) {
  const { items, open, matching, page, pageCount, search, timeZone, today } = loaderData;
  const dialog = useStoryDialog();
  const waiting = open.story_submission + open.business_application + open.contact_message;

  return (
    <>
      <section className="border-b bg-gradient-to-br from-secondary via-background to-sun/15">
        <div className="container-page py-10 sm:py-14">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Admin</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">Inbox</h1>
          <p className="mt-3 max-w-2xl text-muted-foreground">
            What visitors sent the team: shared stories, Join Our Network applications and contact messages,
            newest first, with the delivery status of each notification email.{" "}
            {waiting === 0 ? "Nothing is waiting." : `${waiting} waiting for you.`} Turn a good story into a{" "}
            <Link to="/admin/stories" className="font-semibold text-primary hover:underline">
              Shine Story
            </Link>
            .
          </p>
        </div>
      </section>

      <section className="container-page space-y-6 py-10" aria-label="Inbox items">
        <InboxTabs search={search} open={open} />
        <p role="status" className="text-sm font-medium text-muted-foreground">
          {matching === 1 ? "1 item" : `${matching.toLocaleString("en-US")} items`}
          {search.show === "open" ? " open" : ""}
        </p>
        <InboxList
          items={items}
          search={search}
          page={page}
          pageCount={pageCount}
          timeZone={timeZone}
          onCreateStory={(item) => dialog.openCreate(draftFromSubmission(item))}
        />
      </section>

      <StoryFormDialog {...dialog.props} today={today} />
    </>
  );
}

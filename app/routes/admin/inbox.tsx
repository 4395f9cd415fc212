import { Link, redirect } from "react-router";
import type { Route } from "./+types/inbox";
import { DashboardHeader } from "~/components/layout/dashboard-header";
import { InboxList, InboxTabs } from "~/components/admin/inbox-list";
import { StoryFormDialog, useStoryDialog } from "~/components/admin/story-form-dialog";
import { draftFromSubmission } from "~/components/admin/story-draft";
import { INBOX_TOASTS, InboxItemActionSchema, InboxSearchSchema } from "~/lib/admin-inbox-schemas";
import { requireAdmin } from "~/.server/auth/guards";
import { dialogAction } from "~/.server/actions/dialog-action";
import { formReply } from "~/.server/actions/form-actions";
import { getServicesFrom } from "~/.server/services";
import { listStoryListingChoices } from "~/.server/stories/admin-stories";
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
  const [result, listings] = await Promise.all([
    listInbox(db, viewer, search),
    listStoryListingChoices(db, viewer),
  ]);
  if (!result.ok) throw redirect("/dashboard");
  return { ...result, search, listings, timeZone: env.SITE_TIMEZONE, today: siteToday(env.SITE_TIMEZONE) };
}

/** Mark as handled / Reopen. The admin check is the domain function's: it refuses and changes nothing otherwise. */
export function action(args: Route.ActionArgs) {
  return dialogAction(args, {
    schema: InboxItemActionSchema,
    failed: INBOX_TOASTS.failed,
    async act({ intent, kind, id }, { viewer, services, log }) {
      const result = await setInboxItemHandled(services.db, viewer, {
        kind,
        id,
        handled: intent === "handle",
      });
      if (!result.ok) {
        log.info({ status: result.status, userId: viewer.id, kind, id }, "inbox update refused");
        return formReply({ ok: false, toast: INBOX_TOASTS.failed }, result.status);
      }
      log.info({ userId: viewer.id, kind, id, intent }, "inbox item updated");
      return formReply({
        ok: true,
        toast: intent === "handle" ? INBOX_TOASTS.handled : INBOX_TOASTS.reopened,
      });
    },
  });
}

export default function InboxPage({ loaderData }: Route.ComponentProps) {
  const { items, open, matching, page, pageCount, search, timeZone, today, listings } = loaderData;
  const dialog = useStoryDialog();
  const waiting = open.story_submission + open.business_application + open.contact_message;

  return (
    <>
      <DashboardHeader
        eyebrow="Admin"
        title="Inbox"
        description={
          <>
            What visitors sent the team: shared stories, Join Our Network applications and contact messages,
            newest first, with the delivery status of each notification email.{" "}
            {waiting === 0 ? "Nothing is waiting." : `${waiting} waiting for you.`} Turn a good story into a{" "}
            <Link to="/admin/stories" className="font-semibold text-primary hover:underline">
              Shine Story
            </Link>
            .
          </>
        }
      />

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

      <StoryFormDialog {...dialog.props} today={today} listings={listings} />
    </>
  );
}

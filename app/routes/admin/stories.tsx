import { Icon } from "~/components/ui/icon";
import { data, redirect } from "react-router";
import type { Route } from "./+types/stories";
import { AdminStoryList } from "~/components/admin/admin-story-list";
import { useDeleteStoryToasts } from "~/components/admin/delete-story-button";
import { StoryFilters } from "~/components/admin/story-filters";
import { StoryFormDialog, useStoryDialog } from "~/components/admin/story-form-dialog";
import { StoryStats } from "~/components/admin/story-stats";
import { Button } from "~/components/ui/button";
import {
  ADMIN_STORY_TOASTS,
  AdminStorySearchSchema,
  DeleteStorySchema,
  type AdminStoryActionReply,
} from "~/lib/admin-story-schemas";
import { getViewer, requireAdmin } from "~/.server/auth/guards";
import { getRequestInfo } from "~/.server/request-context";
import { getServicesFrom } from "~/.server/services";
import { deleteStory, listAdminStories } from "~/.server/stories/admin-stories";
import { saveStoryFromForm, STORY_FORM_BUDGET } from "~/.server/stories/save-admin-story";
import { siteToday } from "~/.server/stories/site-date";
import { discardRequestBody } from "~/.server/uploads";

export const meta: Route.MetaFunction = () => [
  { title: "Shine Stories Management Panel | Local Shine" },
  { name: "description", content: "Create, edit, feature and remove Local Shine success stories." },
  { name: "robots", content: "noindex" },
];

/** Spec §2: signed-out visitors go to /signin, non-admins (or a failed admin check) to /dashboard. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request, context);
  const search = AdminStorySearchSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const services = getServicesFrom(context);
  try {
    const result = await listAdminStories(services, viewer, search);
    if (!result.ok) throw redirect("/dashboard");
    return { ...result, search };
  } catch (error) {
    if (error instanceof Response) throw error;
    // Spec §8: a failed story list fetch is only logged and shows an empty list.
    getRequestInfo(context).log.error({ err: error, userId: viewer.id }, "admin story list failed to load");
    const today = siteToday(services.env.SITE_TIMEZONE);
    const counts = { total: 0, featured: 0, published: 0 };
    return { ok: true as const, stories: [], counts, matching: 0, page: 1, pageCount: 1, today, search };
  }
}

const reply = (body: AdminStoryActionReply, status = 200) => data(body, { status });

/**
 * The dialog's save (multipart: text fields, then the background image) and the delete button (form-encoded).
 * Whether the viewer is an admin is decided in the domain functions, which refuse and change nothing otherwise.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { log } = getRequestInfo(context);
  const multipart = /^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "");
  const failedToast = multipart ? ADMIN_STORY_TOASTS.saveFailed : ADMIN_STORY_TOASTS.deleteFailed;
  const viewer = await getViewer(request, context);
  if (!viewer) {
    discardRequestBody(request, STORY_FORM_BUDGET);
    return reply({ ok: false, toast: failedToast }, 401);
  }
  const services = getServicesFrom(context);

  if (multipart) {
    try {
      const result = await saveStoryFromForm(services, viewer, request, log);
      if (!result.ok) {
        log.info({ status: result.status, userId: viewer.id }, "story save refused");
        const fieldErrors = "fieldErrors" in result ? result.fieldErrors : undefined;
        return reply(
          fieldErrors ? { ok: false, fieldErrors } : { ok: false, toast: failedToast },
          result.status,
        );
      }
      const { mode, story, imageFailed } = result;
      log.info({ storyId: story.id, userId: viewer.id, mode }, `story ${mode}d`);
      const toast = mode === "create" ? ADMIN_STORY_TOASTS.created : ADMIN_STORY_TOASTS.updated;
      const note = imageFailed
        ? { description: "The background image could not be uploaded; the story was saved without it." }
        : {};
      return reply(
        { ok: true, intent: mode, id: story.id, toast: { ...toast, ...note } },
        mode === "create" ? 201 : 200,
      );
    } catch (error) {
      log.error({ err: error, userId: viewer.id }, "story save failed");
      return reply({ ok: false, toast: failedToast }, 500);
    }
  }

  const form = await request.formData().catch(() => null);
  const input = DeleteStorySchema.safeParse(form ? Object.fromEntries(form) : {});
  if (!input.success) return reply({ ok: false, toast: failedToast }, 400);
  try {
    const result = await deleteStory(services.db, viewer, input.data.id);
    if (!result.ok) return reply({ ok: false, toast: failedToast }, result.status);
    log.info({ storyId: input.data.id, userId: viewer.id }, "story deleted");
    return reply({ ok: true, intent: "delete", id: input.data.id, toast: ADMIN_STORY_TOASTS.deleted });
  } catch (error) {
    log.error({ err: error, storyId: input.data.id }, "story delete failed");
    return reply({ ok: false, toast: failedToast }, 500);
  }
}

export default function StoriesPanel({ loaderData }: Route.ComponentProps) {
  const { stories, counts, matching, page, pageCount, today, search } = loaderData;
  const dialog = useStoryDialog();
  useDeleteStoryToasts();

  return (
    <>
      <section className="border-b bg-gradient-to-br from-secondary via-background to-sun/15">
        <div className="container-page flex flex-col gap-6 py-10 sm:flex-row sm:items-end sm:justify-between sm:py-14">
          <div className="max-w-2xl">
            <p className="text-sm font-semibold tracking-wide text-primary uppercase">Admin</p>
            <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
              Shine Stories Management Panel
            </h1>
            <p className="mt-3 text-muted-foreground">
              Write, feature and schedule the success stories on Shine Stories. A story goes live on its
              publish date.
            </p>
          </div>
          <Button size="lg" variant="warm" onClick={() => dialog.openCreate()}>
            <Icon name="plus" aria-hidden />
            Add New Story
          </Button>
        </div>
      </section>

      <section className="container-page space-y-6 py-10" aria-label="Stories">
        <StoryStats counts={counts} />
        <StoryFilters search={search} />
        <AdminStoryList
          stories={stories}
          matching={matching}
          page={page}
          pageCount={pageCount}
          search={search}
          today={today}
          onEdit={dialog.openEdit}
        />
      </section>

      <StoryFormDialog {...dialog.props} today={today} />
    </>
  );
}

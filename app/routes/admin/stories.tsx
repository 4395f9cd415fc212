import { DashboardHeader } from "~/components/layout/dashboard-header";
import { Icon } from "~/components/ui/icon";
import { redirect } from "react-router";
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
  SaveStorySchema,
} from "~/lib/admin-story-schemas";
import type { FlashToast } from "~/lib/flash-toast";
import { hasFieldErrors } from "~/lib/form-submission";
import { requireAdmin } from "~/.server/auth/guards";
import { dialogAction, type DialogRequest } from "~/.server/actions/dialog-action";
import { formReply } from "~/.server/actions/form-actions";
import { getRequestInfo } from "~/.server/infra/http/request-context";
import { getServicesFrom } from "~/.server/services";
import { deleteStory, listAdminStories, listStoryListingChoices } from "~/.server/stories/admin-stories";
import { saveStory, STORY_FORM_BUDGET, STORY_FORM_OPTIONS } from "~/.server/stories/save-admin-story";
import { siteToday } from "~/.server/stories/site-date";
import { discardRequestBody, receiveValidatedForm } from "~/.server/infra/uploads";

export const meta: Route.MetaFunction = () => [
  { title: "Shine Stories Management Panel | Local Shine" },
  { name: "description", content: "Create, edit, feature and remove Local Shine success stories." },
  { name: "robots", content: "noindex" },
];

/** docs/product.md#roles: signed-out visitors go to /signin, non-admins (or a failed admin check) to /dashboard. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request, context);
  const search = AdminStorySearchSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const services = getServicesFrom(context);
  try {
    const [result, listings] = await Promise.all([
      listAdminStories(services, viewer, search),
      listStoryListingChoices(services.db, viewer),
    ]);
    if (!result.ok) throw redirect("/dashboard");
    return { ...result, search, listings };
  } catch (error) {
    if (error instanceof Response) throw error;
    // docs/product.md#toasts: a failed story list fetch is only logged and shows an empty list.
    getRequestInfo(context).log.error({ err: error, userId: viewer.id }, "admin story list failed to load");
    const today = siteToday(services.env.SITE_TIMEZONE);
    const counts = { total: 0, featured: 0, published: 0 };
    return {
      ok: true as const,
      stories: [],
      counts,
      matching: 0,
      page: 1,
      pageCount: 1,
      today,
      search,
      listings: [],
    };
  }
}

const { saveFailed, deleteFailed } = ADMIN_STORY_TOASTS;

/**
 * The dialog's save (multipart: text fields, then the background image) and the delete button (intent "delete").
 * Whether the viewer is an admin is decided in the domain functions, which refuse and change nothing otherwise.
 */
export function action(args: Route.ActionArgs) {
  return dialogAction(args, {
    schema: DeleteStorySchema,
    failed: deleteFailed,
    async act({ id }, { viewer, services, log }) {
      const result = await deleteStory(services.db, viewer, id);
      if (!result.ok) return formReply({ ok: false, toast: deleteFailed }, result.status);
      log.info({ storyId: id, userId: viewer.id }, "story deleted");
      return formReply({ ok: true, intent: "delete", id, toast: ADMIN_STORY_TOASTS.deleted });
    },
    save: { failed: saveFailed, budget: STORY_FORM_BUDGET, run: saveStoryForm },
  });
}

async function saveStoryForm({ request, viewer, services, log }: DialogRequest) {
  // Refused before the body is read, so a non-admin's image is never stored (saveStory would refuse too).
  if (!viewer.isAdmin) {
    discardRequestBody(request, STORY_FORM_BUDGET);
    return formReply({ ok: false, toast: saveFailed }, 403);
  }
  const form = await receiveValidatedForm(request, services.storage, SaveStorySchema, STORY_FORM_OPTIONS);
  const saved = form.ok ? await saveStory(services, viewer, form.value, form.files) : form;
  if (!saved.ok) {
    log.info({ status: saved.status, userId: viewer.id }, "story save refused");
    const result = "result" in saved ? saved.result : undefined;
    const toast = hasFieldErrors(result) ? undefined : saveFailed;
    return formReply({ ok: false, result, toast }, saved.status);
  }
  const { mode, story } = saved;
  log.info({ storyId: story.id, userId: viewer.id, mode }, `story ${mode}d`);
  let toast: FlashToast = mode === "create" ? ADMIN_STORY_TOASTS.created : ADMIN_STORY_TOASTS.updated;
  if (form.ok && form.storageError) {
    // A background that could not be uploaded is logged, and the story saved without it (not lost).
    log.error(
      { err: form.storageError, userId: viewer.id },
      "story background upload failed; saved without it",
    );
    toast = {
      ...toast,
      description: "The background image could not be uploaded; the story was saved without it.",
    };
  }
  return formReply({ ok: true, intent: mode, id: story.id, toast }, mode === "create" ? 201 : 200);
}

export default function StoriesPanel({ loaderData }: Route.ComponentProps) {
  const { stories, counts, matching, page, pageCount, today, search, listings } = loaderData;
  const dialog = useStoryDialog();
  useDeleteStoryToasts();

  return (
    <>
      <DashboardHeader
        eyebrow="Admin"
        title="Shine Stories Management Panel"
        description="Write, feature and schedule the success stories on Shine Stories. A story goes live on its publish date."
        actions={
          <Button size="lg" variant="warm" onClick={() => dialog.openCreate()}>
            <Icon name="plus" aria-hidden />
            Add New Story
          </Button>
        }
      />

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

      <StoryFormDialog {...dialog.props} today={today} listings={listings} />
    </>
  );
}

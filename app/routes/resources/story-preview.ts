import type { Route } from "./+types/story-preview";
import { parseSubmission } from "~/.server/actions/form-actions";
import { getViewer } from "~/.server/auth/guards";
import { previewStoryMarkdown } from "~/.server/stories/admin-stories";
import { StoryPreviewSchema } from "~/lib/admin-story-schemas";

const json = (body: unknown, status = 200) =>
  Response.json(body, { status, headers: { "Cache-Control": "private, no-store" } });

/**
 * POST /admin/stories/preview: the story form's Markdown preview (`content`, form-encoded) as the sanitized HTML
 * the story page would show. Admins only (the domain function decides); cross-site posts are refused before any
 * route runs (server/security.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return json({ ok: false }, 405);
  const viewer = await getViewer(request, context);
  if (!viewer) return json({ ok: false }, 401);
  // The body is bounded before it gets here, like every form's (server/body-limit.ts).
  const submission = await parseSubmission(request, StoryPreviewSchema);
  if (submission.status !== "success") return json({ ok: false }, 400);
  const result = previewStoryMarkdown(viewer, submission.value.content);
  if (!result.ok) return json({ ok: false }, result.status);
  return json({ ok: true, html: result.html });
}

export function loader() {
  return json({ ok: false }, 405);
}

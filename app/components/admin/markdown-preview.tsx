import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

type State =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "shown"; html: string }
  | { kind: "failed"; message: string };

/**
 * "Preview" under the story form's Content field: the Markdown as the story page will show it. The server renders
 * and sanitizes it exactly as for the page (POST /admin/stories/preview), so what the admin sees is what visitors
 * get, and a visitor's submitted text never runs as HTML in the admin's browser.
 */
export function MarkdownPreview({ contentId }: { contentId: string }) {
  const [state, setState] = useState<State>({ kind: "idle" });

  async function preview() {
    const field = document.getElementById(contentId) as HTMLTextAreaElement | null;
    setState({ kind: "loading" });
    try {
      const response = await fetch("/admin/stories/preview", {
        method: "POST",
        body: new URLSearchParams({ content: field?.value ?? "" }),
      });
      const body = (await response.json()) as { ok: boolean; html?: string };
      if (!response.ok || !body.ok) {
        setState({
          kind: "failed",
          message:
            response.status === 413
              ? "This content is too long to preview."
              : "The preview could not be loaded. Please try again.",
        });
        return;
      }
      setState({ kind: "shown", html: body.html ?? "" });
    } catch {
      setState({ kind: "failed", message: "The preview could not be loaded. Please try again." });
    }
  }

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={preview}
          disabled={state.kind === "loading"}
        >
          <Icon
            name={state.kind === "loading" ? "loader-circle" : "eye"}
            className={state.kind === "loading" ? "animate-spin" : undefined}
          />
          {state.kind === "shown" ? "Refresh preview" : "Preview"}
        </Button>
        {state.kind === "shown" ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => setState({ kind: "idle" })}>
            Hide preview
          </Button>
        ) : null}
      </div>
      <div aria-live="polite">
        {state.kind === "failed" ? <p className="text-sm text-destructive">{state.message}</p> : null}
        {state.kind === "shown" ? (
          <section
            aria-label="Content preview"
            className="max-h-72 overflow-y-auto rounded-md border bg-background p-4"
          >
            {state.html ? (
              // Rendered and sanitized on the server (app/.server/stories/render-markdown.ts).
              <div className="prose-story" dangerouslySetInnerHTML={{ __html: state.html }} />
            ) : (
              <p className="text-sm text-muted-foreground">
                No content: the story page shows the Full Description instead.
              </p>
            )}
          </section>
        ) : null}
      </div>
    </div>
  );
}

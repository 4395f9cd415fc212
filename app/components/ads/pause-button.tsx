import type { FetcherWithComponents } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import type { FormReply } from "~/lib/form-submission";

/** Pause or Resume one ad, posted by the list's fetcher to `action` as `{ intent, id }`. */
export function PauseButton({
  fetcher,
  action,
  id,
  title,
  paused,
}: {
  fetcher: FetcherWithComponents<FormReply>;
  action: string;
  id: string;
  title: string;
  paused: boolean;
}) {
  const label = paused ? "Resume" : "Pause";
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        name="intent"
        value={paused ? "resume" : "pause"}
        disabled={fetcher.state !== "idle"}
        aria-label={`${label} ${title}`}
      >
        <Icon name={paused ? "play" : "pause"} aria-hidden /> {label}
      </Button>
    </fetcher.Form>
  );
}

import { ImagePlus } from "lucide-react";
import { MediaCard } from "~/components/dashboard/media-card";
import type { MediaItem } from "~/lib/media";

/** Spec §2: 1 column on small screens, then 2, 3 and 4; 'No Media Added Yet' when empty. */
export function MediaGrid({ items, timeZone }: { items: MediaItem[]; timeZone: string }) {
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border-2 border-dashed bg-card/60 px-6 py-16 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-sun/25 text-ink">
          <ImagePlus className="size-8" aria-hidden />
        </span>
        <h3 className="mt-5 text-xl font-semibold">No Media Added Yet</h3>
        <p className="mt-2 max-w-sm text-sm text-muted-foreground">
          Images and videos you upload for your kiosk ads will appear here. Use Upload Media to add your first one.
        </p>
      </div>
    );
  }
  return (
    <ul aria-label="Your media" className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {items.map((item) => (
        <li key={item.id}>
          <MediaCard item={item} timeZone={timeZone} />
        </li>
      ))}
    </ul>
  );
}

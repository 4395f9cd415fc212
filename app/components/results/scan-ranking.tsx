import { countOf } from "~/lib/results";

export interface RankedEntry {
  id: string;
  name: string;
  /** A second line under the name (the listing an ad advertises, the business hosting a kiosk). */
  detail?: string | null;
  scans: number;
  plays: number;
}

/**
 * A top list by QR scans (the owner's Results page, the admin's network page): each entry's name, its detail, its
 * scans and plays; `empty` when there is nothing to rank.
 */
export function ScanRanking({
  entries,
  empty,
  numbered = false,
}: {
  entries: RankedEntry[];
  empty: string;
  numbered?: boolean;
}) {
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ol className="divide-y rounded-2xl border bg-card">
      {entries.map((entry, index) => (
        <li key={entry.id} className="flex items-center justify-between gap-4 p-4">
          <span className="min-w-0">
            <span className="font-semibold text-ink">
              {numbered ? `${index + 1}. ` : ""}
              {entry.name}
            </span>
            {entry.detail ? (
              <span className="block truncate text-sm text-muted-foreground">{entry.detail}</span>
            ) : null}
          </span>
          <span className="shrink-0 text-right text-sm">
            <span className="font-semibold">{countOf(entry.scans, "scan", "scans")}</span>
            <span className="block text-muted-foreground">{countOf(entry.plays, "play", "plays")}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

// What the Results page and its CSV export share (docs/product.md#results): periods, scope parsing and the one-line
// meaning of every figure.
import { isUuid } from "./uuid";
import { z } from "~/lib/zod";

export const RESULTS_PERIODS = [7, 30, 90] as const;
export type ResultsPeriod = (typeof RESULTS_PERIODS)[number];

/** The admin's network page: its "top" lists and estimates look back this many days. */
export const NETWORK_DAYS = 30;

export type ResultsScope = { kind: "all" } | { kind: "listing"; id: string } | { kind: "ad"; id: string };

export type ResultsQuery =
  { ok: true; scope: ResultsScope; days: ResultsPeriod } | { ok: false; message: string };

export const RESULTS_BAD_PERIOD = "Choose 7, 30 or 90 days.";
export const RESULTS_BAD_SCOPE = "That listing or ad could not be found.";

/** Reads `?days=7|30|90` (30 when absent) and `?scope=all|listing:{id}|ad:{id}` (all when absent). */
export function parseResultsQuery(params: URLSearchParams): ResultsQuery {
  const rawDays = params.get("days");
  const days = rawDays === null || rawDays === "" ? 30 : Number(rawDays);
  if (!(RESULTS_PERIODS as readonly number[]).includes(days))
    return { ok: false, message: RESULTS_BAD_PERIOD };
  const period = days as ResultsPeriod;
  const scope = params.get("scope") ?? "all";
  if (scope === "all" || scope === "") return { ok: true, days: period, scope: { kind: "all" } };
  const match = /^(listing|ad):(.+)$/.exec(scope);
  if (!match || !isUuid(match[2]!)) return { ok: false, message: RESULTS_BAD_SCOPE };
  return {
    ok: true,
    days: period,
    scope: { kind: match[1] as "listing" | "ad", id: match[2]!.toLowerCase() },
  };
}

/** A scope as the `scope` parameter writes it. */
export function scopeValue(scope: ResultsScope): string {
  return scope.kind === "all" ? "all" : `${scope.kind}:${scope.id}`;
}

/** The query string of a scope and period, for links and the CSV export. */
export function resultsSearch(scope: ResultsScope, days: ResultsPeriod): string {
  return `?${new URLSearchParams({ scope: scopeValue(scope), days: String(days) }).toString()}`;
}

export interface ResultsFigures {
  plays: number;
  screenSeconds: number;
  kiosksReached: number;
  scans: number;
  /** Null when there were no plays. */
  scansPerThousandPlays: number | null;
  /** Plays × each kiosk's estimated people per play; null when no kiosk that played has an estimate. */
  estimatedImpressions: number | null;
  listingViews: number;
  uniqueVisitors: number;
  calls: number;
  websiteVisits: number;
  emails: number;
  directions: number;
}

export interface ResultsDay {
  day: string;
  plays: number;
  screenSeconds: number;
  scans: number;
  listingViews: number;
  calls: number;
  websiteVisits: number;
  emails: number;
  directions: number;
}

/** One line per figure: what it counts. */
export const FIGURE_MEANINGS = {
  plays: "Times your ads appeared on a kiosk screen.",
  screenSeconds: "Total time your ads were on screen.",
  kiosksReached: "Different kiosks that played your ads.",
  scans: "People who scanned an ad's QR code with a phone, once a day each per ad.",
  scansPerThousandPlays: "QR scans for every 1,000 plays: how often a play turned into a scan.",
  listingViews:
    "People who opened your business page, once a day each (search engines and other bots are not counted).",
  calls: "People who tapped your phone number or Call Now, once a day each.",
  websiteVisits: "People who clicked Visit Website on your business page, once a day each.",
  estimatedImpressions: "An estimate: plays × the people our team expects to see each play at each kiosk.",
} as const;

/** "2h 05m", "14m 30s", "45s": screen time for people. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.round(totalSeconds);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours > 0) return `${hours.toLocaleString("en-US")}h ${String(minutes).padStart(2, "0")}m`;
  if (minutes > 0) return `${minutes}m ${String(seconds % 60).padStart(2, "0")}s`;
  return `${seconds}s`;
}

/** The admin's estimate of people who see one play at a kiosk (/admin/network); blank clears it. */
export const PEOPLE_PER_PLAY_MESSAGE = "Enter a number of people from 0 to 1,000, or leave it blank.";
export const PeoplePerPlaySchema = z.object({
  intent: z.literal("people-per-play"),
  id: z.string().trim().max(100),
  peoplePerPlay: z
    .string()
    .trim()
    .max(20)
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const number = Number(value);
      if (!Number.isFinite(number) || number < 0 || number > 1000) {
        ctx.addIssue({ code: "custom", message: PEOPLE_PER_PLAY_MESSAGE });
        return z.NEVER;
      }
      return Math.round(number * 10) / 10;
    }),
});

export const NETWORK_TOASTS = {
  saved: { title: "Estimate saved" },
  failed: {
    title: "Failed to save the estimate",
    description: PEOPLE_PER_PLAY_MESSAGE,
    variant: "destructive",
  },
  notFound: { title: "That kiosk no longer exists", variant: "destructive" },
} as const;

/** "1 scan", "12 scans". */
export function countOf(value: number, one: string, many: string): string {
  return `${value.toLocaleString("en-US")} ${value === 1 ? one : many}`;
}

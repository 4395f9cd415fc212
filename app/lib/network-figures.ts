// The network's public figures (docs/product.md#home, #about) and how the pages word them, zero included.

/** Read by app/.server/results/network-figures.ts; what counts: docs/decisions/072-proof-in-public.md. */
export interface NetworkFigures {
  /** Published listings: the directory's and the map's partner businesses. */
  partners: number;
  /** Kiosks paired with a screen and not retired. */
  kiosks: number;
  /** Plays of businesses' ads (not house slides) since the first of this month in SITE_TIMEZONE. */
  playsThisMonth: number;
  /** The first day of that month, "2026-06-01". */
  month: string;
}

export interface FigureTile {
  key: "partners" | "kiosks" | "plays";
  /** "1,234", or words when the figure is 0 (a fresh network says what is true, not "0"). */
  value: string;
  label: string;
  /** False when `value` is words rather than a count. */
  counted: boolean;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "June" for "2026-06-01". */
export function monthName(firstDay: string): string {
  return MONTHS[Number(firstDay.slice(5, 7)) - 1] ?? "this month";
}

/** Thousands separators, the same on the server and in a browser ("12,345"). */
export const formatCount = (value: number) => value.toLocaleString("en-US");

/** The three tiles, in order: partners, kiosks, ad plays this month. */
export function figureTiles(figures: NetworkFigures): FigureTile[] {
  const month = monthName(figures.month);
  const { partners, kiosks, playsThisMonth: plays } = figures;
  return [
    partners > 0
      ? {
          key: "partners",
          value: formatCount(partners),
          label: partners === 1 ? "partner business in the directory" : "partner businesses in the directory",
          counted: true,
        }
      : {
          key: "partners",
          value: "Be the first",
          label: "partner business in the directory",
          counted: false,
        },
    kiosks > 0
      ? {
          key: "kiosks",
          value: formatCount(kiosks),
          label: kiosks === 1 ? "kiosk lit up in a partner shop" : "kiosks lit up in partner shops",
          counted: true,
        }
      : { key: "kiosks", value: "Coming soon", label: "our first kiosks in partner shops", counted: false },
    plays > 0
      ? {
          key: "plays",
          value: formatCount(plays),
          label: plays === 1 ? `local ad play in ${month}` : `local ad plays in ${month}`,
          counted: true,
        }
      : {
          key: "plays",
          value: "Just starting",
          label: `local ad plays in ${month} are counted as screens play them`,
          counted: false,
        },
  ];
}

/** The business page's line (docs/product.md#one-business): "Seen 1,234 times on Local Shine kiosks this month". */
export function seenThisMonth(plays: number): string {
  return `Seen ${formatCount(plays)} ${plays === 1 ? "time" : "times"} on Local Shine kiosks this month`;
}

import { formatDuration, type ResultsFigures } from "~/lib/results";
import type { OutgoingEmail } from "../infra/mail/types";

// The weekly emails, as plain text and as HTML (docs/product.md#weekly-reports). The HTML is one column of tables with
// inline styles, as mail programs need; every name in it (a business's, an ad's, a person's) is escaped.

export interface OwnerReport {
  from: string;
  to: string;
  figures: ResultsFigures;
  bestAd: { title: string; plays: number; scans: number } | null;
  resultsUrl: string;
  unsubscribeUrl: string;
}

export interface AdminSummary {
  from: string;
  to: string;
  screensPaired: number;
  screensOnline: number;
  /** Screens offline past the alert threshold during opening hours: incidents opened in the week, on how many
   * screens, and those still open when the email was written. */
  incidents: number;
  incidentScreens: number;
  openIncidents: number;
  adsAwaitingReview: number;
  /** Every play of the week (ads and house slides), and those of ads. */
  plays: number;
  adPlays: number;
  topBusinesses: { name: string; plays: number; scans: number }[];
  networkUrl: string;
  reviewUrl: string;
  unsubscribeUrl: string;
}

const COLORS = { primary: "#11697a", ink: "#1a2433", muted: "#5b6675", line: "#e3e7ec", panel: "#f5f7f9" };

const number = (value: number) => value.toLocaleString("en-US");
const plural = (n: number, one: string, many: string) => `${number(n)} ${n === 1 ? one : many}`;

/** "November 16 – 22, 2026" (or across months/years as needed). */
export function describeWeek(from: string, to: string): string {
  const day = (iso: string, options: Intl.DateTimeFormatOptions) =>
    new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", { timeZone: "UTC", ...options });
  if (from.slice(0, 4) !== to.slice(0, 4))
    return `${day(from, { month: "long", day: "numeric", year: "numeric" })} – ${day(to, { month: "long", day: "numeric", year: "numeric" })}`;
  if (from.slice(0, 7) !== to.slice(0, 7))
    return `${day(from, { month: "long", day: "numeric" })} – ${day(to, { month: "long", day: "numeric" })}, ${to.slice(0, 4)}`;
  return `${day(from, { month: "long", day: "numeric" })} – ${day(to, { day: "numeric" })}, ${to.slice(0, 4)}`;
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

function greetingOf(person: { name: string }) {
  const first = person.name.trim().split(/\s+/)[0];
  return first ? `Hi ${first},` : "Hi,";
}

interface Figure {
  label: string;
  value: string;
  meaning: string;
}

function ownerFigures(f: ResultsFigures): Figure[] {
  return [
    { label: "Plays", value: number(f.plays), meaning: "Times your ads appeared on a kiosk screen." },
    {
      label: "Screen time",
      value: formatDuration(f.screenSeconds),
      meaning: "Total time your ads were on screen.",
    },
    {
      label: "QR scans",
      value: number(f.scans),
      meaning: "People who scanned an ad's QR code with a phone, once a day each per ad.",
    },
    {
      label: "Listing views",
      value: number(f.listingViews),
      meaning: "People who opened your business page, once a day each.",
    },
    {
      label: "Calls",
      value: number(f.calls),
      meaning: "People who tapped your phone number or Call Now, once a day each.",
    },
  ];
}

function layout({
  preheader,
  title,
  intro,
  body,
  button,
  footer,
}: {
  preheader: string;
  title: string;
  intro: string;
  body: string;
  button: { href: string; label: string };
  footer: string;
}) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.panel};font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:${COLORS.ink};">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.panel};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid ${COLORS.line};border-radius:12px;">
<tr><td style="padding:24px 24px 8px 24px;">
<div style="font-size:14px;font-weight:700;letter-spacing:0.04em;text-transform:uppercase;color:${COLORS.primary};">Local Shine</div>
<h1 style="margin:8px 0 0 0;font-size:24px;line-height:1.25;color:${COLORS.ink};">${escapeHtml(title)}</h1>
<p style="margin:12px 0 0 0;font-size:16px;line-height:1.5;color:${COLORS.ink};">${intro}</p>
</td></tr>
${body}
<tr><td style="padding:8px 24px 24px 24px;">
<a href="${escapeHtml(button.href)}" style="display:inline-block;background:${COLORS.primary};color:#ffffff;text-decoration:none;font-weight:600;font-size:16px;padding:12px 20px;border-radius:8px;">${escapeHtml(button.label)}</a>
</td></tr>
</table>
<p style="max-width:600px;margin:16px auto 0 auto;font-size:13px;line-height:1.5;color:${COLORS.muted};">${footer}</p>
</td></tr>
</table>
</body>
</html>`;
}

function figureRows(figures: Figure[]) {
  return figures
    .map(
      (figure) => `<tr><td style="padding:10px 0;border-top:1px solid ${COLORS.line};">
<div style="font-size:14px;color:${COLORS.muted};">${escapeHtml(figure.label)}</div>
<div style="font-size:13px;color:${COLORS.muted};">${escapeHtml(figure.meaning)}</div>
</td><td align="right" style="padding:10px 0 10px 12px;border-top:1px solid ${COLORS.line};font-size:22px;font-weight:700;color:${COLORS.ink};white-space:nowrap;">${escapeHtml(figure.value)}</td></tr>`,
    )
    .join("\n");
}

function section(inner: string) {
  return `<tr><td style="padding:8px 24px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">
${inner}
</table>
</td></tr>`;
}

function stopLine(url: string, what: string) {
  return `You get this email because you ${what} on Local Shine. <a href="${escapeHtml(url)}" style="color:${COLORS.muted};">Stop these weekly emails</a> (no sign-in needed), or turn them off on your Results page.`;
}

export function ownerReportEmail(
  person: { email: string; name: string },
  report: OwnerReport,
): OutgoingEmail {
  const week = describeWeek(report.from, report.to);
  const figures = ownerFigures(report.figures);
  const best = report.bestAd
    ? `Your best ad: "${report.bestAd.title}", ${plural(report.bestAd.plays, "play", "plays")} and ${plural(report.bestAd.scans, "QR scan", "QR scans")}.`
    : "None of your ads played this week.";
  const subject = `Your Local Shine week: ${plural(report.figures.plays, "play", "plays")}, ${plural(report.figures.scans, "scan", "scans")}`;
  const text = [
    greetingOf(person),
    "",
    `What Local Shine did for you, ${week}:`,
    "",
    ...figures.map((figure) => `${figure.label}: ${figure.value} (${figure.meaning})`),
    "",
    best,
    "",
    `See everything on your Results page: ${report.resultsUrl}`,
    "",
    "The Local Shine team",
    "",
    `Stop these weekly emails (no sign-in needed): ${report.unsubscribeUrl}`,
  ].join("\n");
  const bestHtml = report.bestAd
    ? `<tr><td colspan="2" style="padding:12px 16px;background:${COLORS.panel};border-radius:8px;">
<div style="font-size:13px;color:${COLORS.muted};">Your best ad this week</div>
<div style="font-size:17px;font-weight:700;color:${COLORS.ink};margin-top:2px;">${escapeHtml(report.bestAd.title)}</div>
<div style="font-size:14px;color:${COLORS.ink};margin-top:2px;">${escapeHtml(`${plural(report.bestAd.plays, "play", "plays")} · ${plural(report.bestAd.scans, "QR scan", "QR scans")}`)}</div>
</td></tr>`
    : `<tr><td colspan="2" style="padding:12px 16px;background:${COLORS.panel};border-radius:8px;font-size:14px;color:${COLORS.muted};">None of your ads played this week.</td></tr>`;
  const html = layout({
    preheader: subject,
    title: "Your week on Local Shine",
    intro: `${escapeHtml(greetingOf(person))} here is what the kiosk network did for you, ${escapeHtml(week)}.`,
    body: section(figureRows(figures)) + section(bestHtml),
    button: { href: report.resultsUrl, label: "See your Results" },
    footer: stopLine(report.unsubscribeUrl, "have a listing or an ad"),
  });
  return { to: person.email, subject, text, html };
}

export function adminSummaryEmail(
  person: { email: string; name: string },
  summary: AdminSummary,
): OutgoingEmail {
  const week = describeWeek(summary.from, summary.to);
  const offline = summary.screensPaired - summary.screensOnline;
  const figures: Figure[] = [
    {
      label: "Screens online",
      value: `${number(summary.screensOnline)} of ${number(summary.screensPaired)}`,
      meaning: "Paired screens heard from in the last two minutes, when this email was written.",
    },
    {
      label: "Screens offline",
      value: number(offline),
      meaning: "Paired screens not heard from in the last two minutes.",
    },
    {
      label: "Offline incidents",
      value: number(summary.incidents),
      meaning: `Times a screen was offline during its host's opening hours past the alert threshold this week (${plural(summary.incidentScreens, "screen", "screens")}); ${number(summary.openIncidents)} still open.`,
    },
    {
      label: "Ads waiting for review",
      value: number(summary.adsAwaitingReview),
      meaning: "Ads owners sent that nobody has approved or refused yet.",
    },
    {
      label: "Plays",
      value: number(summary.plays),
      meaning: `Everything the screens played in the week; ${number(summary.adPlays)} of them were ads.`,
    },
  ];
  const subject = `Local Shine network, ${week}: ${number(summary.screensOnline)} of ${number(summary.screensPaired)} screens online, ${plural(summary.adsAwaitingReview, "ad", "ads")} waiting`;
  const topText =
    summary.topBusinesses.length === 0
      ? ["No business's ad played this week."]
      : summary.topBusinesses.map(
          (row, i) =>
            `${i + 1}. ${row.name}: ${plural(row.plays, "play", "plays")}, ${plural(row.scans, "QR scan", "QR scans")}`,
        );
  const text = [
    greetingOf(person),
    "",
    `The network, ${week}:`,
    "",
    ...figures.map((figure) => `${figure.label}: ${figure.value} (${figure.meaning})`),
    "",
    "Top businesses by plays of their ads:",
    ...topText,
    "",
    `Review waiting ads: ${summary.reviewUrl}`,
    `The network page: ${summary.networkUrl}`,
    "",
    `Stop these weekly emails (no sign-in needed): ${summary.unsubscribeUrl}`,
  ].join("\n");
  const topHtml =
    summary.topBusinesses.length === 0
      ? `<tr><td style="padding:10px 0;border-top:1px solid ${COLORS.line};font-size:14px;color:${COLORS.muted};">No business's ad played this week.</td></tr>`
      : summary.topBusinesses
          .map(
            (
              row,
              i,
            ) => `<tr><td style="padding:8px 0;border-top:1px solid ${COLORS.line};font-size:15px;color:${COLORS.ink};">${i + 1}. ${escapeHtml(row.name)}</td>
<td align="right" style="padding:8px 0 8px 12px;border-top:1px solid ${COLORS.line};font-size:14px;color:${COLORS.ink};white-space:nowrap;">${escapeHtml(plural(row.plays, "play", "plays"))} · ${escapeHtml(plural(row.scans, "scan", "scans"))}</td></tr>`,
          )
          .join("\n");
  const html = layout({
    preheader: subject,
    title: "The network this week",
    intro: `${escapeHtml(greetingOf(person))} here is the Local Shine network, ${escapeHtml(week)}.${
      summary.adsAwaitingReview > 0
        ? ` <a href="${escapeHtml(summary.reviewUrl)}" style="color:${COLORS.primary};font-weight:600;">${escapeHtml(plural(summary.adsAwaitingReview, "ad is", "ads are"))} waiting for review.</a>`
        : ""
    }`,
    body:
      section(figureRows(figures)) +
      section(
        `<tr><td colspan="2" style="padding:12px 0 4px 0;font-size:16px;font-weight:700;color:${COLORS.ink};">Top businesses by plays of their ads</td></tr>\n${topHtml}`,
      ),
    button: { href: summary.networkUrl, label: "Open the network page" },
    footer: stopLine(summary.unsubscribeUrl, "are an admin"),
  });
  return { to: person.email, subject, text, html };
}

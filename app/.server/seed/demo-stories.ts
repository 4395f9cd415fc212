import { createHash } from "node:crypto";
import type { IndustryId } from "~/lib/industries";

/**
 * A stable id for a demo story, derived from its title (a name-based, version 5 style UUID): demo URLs stay the
 * same across reseeds, and e2e tests can open a story no public page links to (the scheduled one).
 */
export function demoStoryId(title: string): string {
  const hex = createHash("sha1").update(`local-shine:demo-story:${title}`).digest("hex");
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * One Shine Story. Dates are offsets from "today" rather than fixed dates so the demo always has recent stories, a
 * spread of older ones, and exactly one scheduled story that isn't published yet, however long after it was written
 * the seed runs.
 */
export interface DemoStory {
  title: string;
  shortDescription: string;
  description: string;
  /** Markdown. Left out for a few stories so the detail page's fallback to `description` gets exercised. */
  content?: string;
  industry: IndustryId;
  author: string;
  /** Days from today: negative is in the past, positive is scheduled for the future. */
  publishOffsetDays: number;
  isFeatured: boolean;
  /** The demo listing the story is about (its exact name in demo-businesses.ts), if any. */
  business?: string;
}

/** The calendar date (YYYY-MM-DD) `offsetDays` from `today` as seen in `timeZone`. */
export function demoPublishDate(
  offsetDays: number,
  today: Date = new Date(),
  timeZone = "America/Los_Angeles",
): string {
  // Take today's calendar date in the site's zone, then do the day arithmetic in UTC so DST never shifts it.
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  })
    .formatToParts(today)
    .reduce<Record<string, string>>((acc, part) => ({ ...acc, [part.type]: part.value }), {});
  const base = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day));
  return new Date(base + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

export const DEMO_STORIES: readonly DemoStory[] = [
  {
    title: "The Kiosk That Filled Our Saturday Patio",
    shortDescription: "How a sanitizer kiosk by the door turned into Marigold's best-performing ad.",
    description:
      "Marigold Morning Café put a Local Shine kiosk by the host stand expecting cleaner hands. What they got was a steady stream of new regulars who first saw the café on another business's screen.",
    content: `When Jasmine Cho agreed to host a Local Shine kiosk at **Marigold Morning Café**, she mostly thought about the sanitizer. Her patio is busy, kids touch everything, and a free, touch-free station by the host stand seemed like an easy yes.

Three months later, she was asking new customers how they'd heard about the café, and a surprising answer kept coming up: *"I saw you on the screen at the car wash."*

## What changed

- Weekday breakfast traffic is up about 20% since the kiosk went in.
- The kiosk-only offer (15% off Monday to Thursday) has been redeemed more than 400 times.
- Two neighboring businesses now send their staff to Marigold for lunch.

"It's the same thing we've always done: treat the neighbors well," Jasmine says. "The kiosk just helps more of them find us."`,
    industry: "food-industry",
    author: "Jasmine Cho",
    publishOffsetDays: -6,
    isFeatured: true,
    business: "Marigold Morning Café",
  },
  {
    title: "From Driveway to Six Bays: Warner Center Auto Spa",
    shortDescription:
      "Andre Mitchell's detailing shop grew one referral at a time, and the kiosk sped it up.",
    description:
      "Andre Mitchell started detailing cars in his mom's driveway at sixteen. His Warner Center shop now runs six bays, and the Local Shine network has become one of its biggest sources of first-time customers.",
    content: `Andre Mitchell still remembers his first paying customer: a neighbor's Camry, $20, and a bucket from his mom's garage. Today **Warner Center Auto Spa** has six bays and a waiting list on Saturdays.

The kiosk by the front door does double duty. Customers clean their hands before they climb back into a freshly detailed interior, and while they wait, the screen rotates ads for the bakery, the pilates studio and the plumber down the street.

### Neighbors sending neighbors

The ads run both ways. Andre's "10% off your first detail" offer shows up on kiosks across Woodland Hills, and he's counted more than a hundred redemptions since spring.

> "People trust a recommendation from a place they already like. That's all this is, just on a screen."`,
    industry: "automobile-services",
    author: "Andre Mitchell",
    publishOffsetDays: -19,
    isFeatured: true,
    business: "Warner Center Auto Spa",
  },
  {
    title: "A Plumber's Best Marketing Is a Clean Pair of Hands",
    shortDescription:
      "Valley Bright Plumbing's kiosk brought in calls from neighborhoods it had never reached.",
    description:
      "Marisol Ortega never had a marketing budget. A year with the Local Shine network put Valley Bright Plumbing's name in front of thousands of neighbors while they waited in line for coffee.",
    content: `Plumbing isn't something people shop for until they need it, and by then they call whoever they remember. **Marisol Ortega** wanted Valley Bright to be that name.

Her ad, a photo of her dad's old van and the line *"Free water-heater flush with any repair,"* now rotates on kiosks from Canoga Park to Encino. Calls from Tarzana and Encino, where she'd never advertised, doubled in six months.

"Half the people who call say they saw us at the bakery," she laughs. "I'll take it."`,
    industry: "home-services",
    author: "Marisol Ortega",
    publishOffsetDays: -34,
    isFeatured: true,
    business: "Valley Bright Plumbing",
  },
  {
    title: "Sliding-Scale Yoga, Full Classes",
    shortDescription: "Reseda Community Yoga reached new students without spending a dollar on ads.",
    description:
      "Jordan Ellis built Reseda Community Yoga so that no one had to choose between rent and a class. The Local Shine kiosk network helped fill those classes without a marketing budget.",
    content: `Reseda Community Yoga runs on donations and pay-what-you-can pricing, so paid advertising was never an option. When Local Shine offered a free kiosk with a rotating ad slot, **Jordan Ellis** said yes on the spot.

The first-week-free offer has been the studio's most effective outreach yet. Sunday veterans' classes that used to draw five people now regularly draw twenty.

"The kiosk sits right by our cubbies," Jordan says. "People clean their hands, see what's happening around the neighborhood, and a lot of them end up at the taqueria across the street after class."`,
    industry: "health-wellness",
    author: "Jordan Ellis",
    publishOffsetDays: -52,
    isFeatured: true,
    business: "Reseda Community Yoga",
  },
  {
    title: "Ledger & Pine's Tax-Season Surprise",
    shortDescription: "A CPA firm didn't expect walk-ins from a sanitizer kiosk. Then tax season started.",
    description:
      "Grace Nakamura's firm works mostly by referral. Last spring, a surprising share of new clients said they'd first seen Ledger & Pine on a kiosk at a café or a car wash.",
    content: `Accountants don't usually get walk-in traffic. But during last tax season, **Ledger & Pine** booked more than thirty new clients who mentioned seeing the firm's free-consultation offer on a Local Shine kiosk.

## Why it worked

1. The ad ran where people already wait: coffee lines, car washes and clinic lobbies.
2. The offer was simple: a free 30-minute consultation, no strings.
3. It ran in February and March, exactly when people start worrying about taxes.

Grace now hosts a kiosk in her own lobby, and she's noticed clients lingering to read the ads for other neighborhood businesses.`,
    industry: "professional-services",
    author: "Grace Nakamura",
    publishOffsetDays: -78,
    isFeatured: true,
    business: "Ledger & Pine Tax Advisors",
  },
  {
    title: "Bread, Butter and a Busy Screen",
    shortDescription: "Canyon Crumb Bakery's morning line became a neighborhood billboard.",
    description:
      "Every morning, forty people stand in line at Canyon Crumb Bakery before 8 a.m. Elena Sokolova realized those five minutes were the most valuable advertising space on Ventura Boulevard, and decided to share them.",
    content: `The line at **Canyon Crumb** starts before the doors open. That makes the kiosk by the register one of the most-watched screens in Woodland Hills.

Elena Sokolova likes that the ads are for her neighbors. "I'd rather my customers see the plumber and the chiropractor down the street than some national brand," she says. "We all do better when people stay local."

The bakery's own offer, a free morning bun with any coffee, runs on kiosks across the Valley, and Elena has started recognizing faces from Reseda and Northridge.`,
    industry: "food-industry",
    author: "Elena Sokolova",
    publishOffsetDays: -103,
    isFeatured: true,
    business: "Canyon Crumb Bakery",
  },
  {
    title: "How a Tire Shop Became a Community Hub",
    shortDescription: "Ventura Tire's waiting room now sends customers all over Woodland Hills.",
    description:
      "Frank DiMaggio's customers wait an hour for a set of tires. With a Local Shine kiosk in the waiting room, that hour has turned into a tour of the neighborhood's best businesses.",
    industry: "automobile-services",
    author: "Gina DiMaggio",
    publishOffsetDays: -131,
    isFeatured: true,
    business: "Ventura Tire & Alignment",
  },
  {
    title: "Serenity, and a Steady Schedule",
    shortDescription: "Serenity Valley Massage filled its weekday openings through the kiosk network.",
    description:
      "Weekday afternoons used to be quiet at Serenity Valley Massage. A kiosk-exclusive offer running across Tarzana and Encino filled them within a season.",
    content: `Weekends were always booked at **Serenity Valley Massage**; weekday afternoons were not. Mai Nguyen tried discounts and social posts with little luck.

Then she put a "$20 off your first 60-minute massage" offer on the Local Shine network. Within three months, weekday bookings were up by a third, mostly from people who'd seen the ad at the dentist's office or the café next door.

"Our therapists are employees, not contractors," Mai says. "A full weekday schedule means I can keep it that way."`,
    industry: "health-wellness",
    author: "Mai Nguyen",
    publishOffsetDays: -164,
    isFeatured: true,
    business: "Serenity Valley Massage",
  },
  {
    title: "Cool Canyon Keeps the West Valley Cool",
    shortDescription: "An HVAC company used the kiosk network to reach neighbors before the heat wave hit.",
    description:
      "Tamar Hovsepian timed Cool Canyon's spring tune-up offer to run on kiosks in April and May. When the first heat wave arrived, her customers' air conditioners were ready.",
    content: `Canoga Park hits 105° most summers. **Tamar Hovsepian** knows that a $49 tune-up in April saves a lot of misery in August.

Her kiosk offer ran across the network for eight weeks each spring. The result: fewer emergency calls during heat waves, and more time for the neighbors who really did need a same-day repair.`,
    industry: "home-services",
    author: "Tamar Hovsepian",
    publishOffsetDays: -205,
    isFeatured: false,
    business: "Cool Canyon Heating & Air",
  },
  {
    title: "Dumplings, Lunar New Year and a Line Out the Door",
    shortDescription:
      "Sherman Oaks Noodle House used its kiosk ad to invite the neighborhood to a celebration.",
    description:
      "Wei Lin swapped his usual kiosk ad for an invitation to a free dumpling-folding class. Two hundred neighbors showed up.",
    content: `For two weeks before Lunar New Year, the Sherman Oaks Noodle House ad on Local Shine kiosks said just one thing: *come fold dumplings with us.*

More than two hundred people came. Kids, grandparents, and a surprising number of people who said they'd driven past the restaurant for years without stopping in.

"Now they stop in," Wei says.`,
    industry: "food-industry",
    author: "Wei Lin",
    publishOffsetDays: -248,
    isFeatured: false,
    business: "Sherman Oaks Noodle House",
  },
  {
    title: "An EV Shop Finds Its Drivers",
    shortDescription:
      "Tarzana Hybrid & EV Service found customers who didn't know an independent EV shop existed.",
    description:
      "Many EV owners assume only the dealer can service their car. Nadia Farouk used the Local Shine network to tell Tarzana otherwise.",
    industry: "automobile-services",
    author: "Nadia Farouk",
    publishOffsetDays: -290,
    isFeatured: false,
    business: "Tarzana Hybrid & EV Service",
  },
  {
    title: "The Realtor Who Advertises Her Neighbors",
    shortDescription: "Keystone Home Realty hosts a kiosk and sends new homeowners to Local Shiners.",
    description:
      "Sofia Grigoryan hands every new homeowner a list of her favorite local businesses. Now her office's kiosk does the same thing for every visitor.",
    content: `When **Sofia Grigoryan** closes on a house, her clients get a welcome basket and a hand-written list: the best plumber, the best bakery, the dentist who's good with kids.

The Local Shine kiosk in Keystone's Tarzana office is that list, on a screen. Buyers waiting for a meeting see ads from the same businesses Sofia would recommend anyway.

- More than a dozen Local Shiners have been referred by Keystone clients.
- Three of Sofia's listings sold to buyers who first saw her ad on a kiosk.`,
    industry: "professional-services",
    author: "Sofia Grigoryan",
    publishOffsetDays: -333,
    isFeatured: false,
    business: "Keystone Home Realty",
  },
  {
    title: "Clean Hands Before the Dentist's Chair",
    shortDescription: "Encino Smile Dental's patients appreciate the kiosk, and so do its neighbors.",
    description:
      "Dr. Leila Moradi installed a Local Shine kiosk in her waiting room for hygiene. She kept it because patients kept asking about the businesses in the ads.",
    content: `Hygiene is the first thing patients notice in a dental office, so a touch-free sanitizer station in the waiting room was an easy decision for **Dr. Leila Moradi**.

What she didn't expect was the conversation it started. Patients ask about the massage studio, the Mediterranean place down the street, the family law firm. "It makes the office feel like part of the neighborhood," she says.`,
    industry: "health-wellness",
    author: "Dr. Leila Moradi",
    publishOffsetDays: -389,
    isFeatured: false,
    business: "Encino Smile Dental",
  },
  {
    title: "Small Jobs, Big Reach",
    shortDescription: "A one-man handyman business in West Hills found a way to advertise without a budget.",
    description:
      "Gus Petrakis doesn't have a website worth mentioning or a marketing plan. A single ad on the Local Shine network keeps his calendar full.",
    industry: "home-services",
    author: "Gus Petrakis",
    publishOffsetDays: -452,
    isFeatured: false,
    business: "Oak & Adobe Handyman",
  },
  {
    title: "Studio Nine's First Sixty Clients",
    shortDescription: "A design studio found its niche helping the businesses it saw on kiosks.",
    description:
      "Maya Goldberg started noticing the ads on Local Shine kiosks and realized many of those businesses needed better websites. Studio Nine now designs for more than sixty of them.",
    content: `Maya Goldberg's favorite part of a Local Shine kiosk isn't the sanitizer. It's the ads.

"I'd see a great bakery with a website from 2009," she says, "and I'd think: I can help with that." **Studio Nine Creative** now offers a free website audit to every Local Shine partner, and more than sixty Valley businesses have taken her up on it.`,
    industry: "professional-services",
    author: "Maya Goldberg",
    publishOffsetDays: -517,
    isFeatured: false,
    business: "Studio Nine Creative",
  },
  {
    title: "Where Local Shine Began: Woodland Hills",
    shortDescription: "The first ten kiosks, the first ten partners, and what we learned.",
    description:
      "Local Shine started with ten kiosks on Ventura Boulevard and Topanga Canyon. Here's how the first partners shaped the network that now stretches across the Valley.",
    content: `Local Shine started with a simple idea: small businesses already give their neighbors a place to stand and wait. What if that place also helped them find each other?

## The first ten

The first kiosks went into a bakery, a car wash, a chiropractor's office and seven other Woodland Hills businesses. Each one got a free kiosk and a free ad slot in exchange for hosting.

## What we learned

- Offers beat slogans: "10% off your first detail" works better than "quality you can trust."
- The best ads have a face: owners' photos outperform logos.
- Neighbors want to support neighbors; they just need to know who they are.

From those ten, the network has grown across the San Fernando Valley, and next it heads across California.`,
    industry: "professional-services",
    author: "The Local Shine Team",
    publishOffsetDays: -671,
    isFeatured: false,
  },
  {
    // The one scheduled story: it must not appear anywhere public until its date arrives, not even as featured.
    title: "Local Shine Comes to Ventura County",
    shortDescription: "The network's first kiosks outside Los Angeles County go live next month.",
    description:
      "Thousand Oaks, Simi Valley and Camarillo businesses are joining the Local Shine network. Here's what early partners can expect.",
    content: `Next month, the first Local Shine kiosks outside Los Angeles County go live in **Thousand Oaks, Simi Valley and Camarillo**.

The new partners include a family bakery, two auto shops and a yoga studio, and they'll share the same rotating ad network as the Valley's Local Shiners.

If you run a small business in Ventura County and want a free kiosk, apply from the Local Shiners page.`,
    industry: "home-services",
    author: "The Local Shine Team",
    publishOffsetDays: 30,
    isFeatured: true,
  },
];

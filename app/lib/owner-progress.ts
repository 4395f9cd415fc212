/** Where an owner is on the way to an ad on the screens: what the dashboard's checklist shows. */
export interface OwnerProgress {
  /** They have a listing (of any status). */
  listing: boolean;
  /** One of their listings is published: an ad plays only for a published listing. */
  listingPublished: boolean;
  /** They have uploaded an image or a video. */
  media: boolean;
  /** They have made an ad. */
  ad: boolean;
  /** One of their ads is approved, for a published listing. */
  approved: boolean;
  /** A kiosk has played one of their ads. */
  playing: boolean;
}

export interface ChecklistStep {
  key: "listing" | "media" | "ad" | "approved" | "playing";
  title: string;
  done: boolean;
  /** What to do next, or what is being waited for. */
  detail: string;
  /** Where to do it, when it is something the owner does. */
  href?: string;
  action?: string;
}

/**
 * The five steps from a new account to an ad on the screens (docs/product.md#media-dashboard), each done or not from the
 * owner's own rows. The first step not done is the one to do next.
 */
export function checklistSteps(progress: OwnerProgress): ChecklistStep[] {
  return [
    {
      key: "listing",
      title: "Add your business listing",
      done: progress.listing,
      detail: progress.listingPublished
        ? "Your listing is in the Local Shiners directory."
        : progress.listing
          ? "Our team reviews a new listing before it goes public."
          : "Your ads point people to it, and our team reviews it first.",
      href: "/admin",
      action: "My Listings",
    },
    {
      key: "media",
      title: "Upload an image or a video",
      done: progress.media,
      detail:
        "With Upload Media on this page: a photo of your shop or a short video. The kiosk screens are portrait (1080×1920).",
    },
    {
      key: "ad",
      title: "Make an ad",
      done: progress.ad,
      detail: "Pick your media, your listing, when it plays and how far from your listing.",
      href: "/dashboard/ads/new",
      action: "Make an ad",
    },
    {
      key: "approved",
      title: "Our team approves it",
      done: progress.approved,
      detail:
        progress.ad && progress.listing && !progress.listingPublished
          ? "Waiting for review: your listing is pending too, and an ad plays once both are approved."
          : "We review each ad (and a new listing) before it plays, usually within a day.",
    },
    {
      key: "playing",
      title: "It plays on the kiosk screens",
      done: progress.playing,
      detail: "Plays, QR scans and visits show up in Results within a few minutes.",
      href: "/dashboard/results",
      action: "Results",
    },
  ];
}

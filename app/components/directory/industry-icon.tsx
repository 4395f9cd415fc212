import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icons/names";
import type { IndustryId } from "~/lib/industries";

const ICONS: Record<IndustryId, IconName> = {
  "home-services": "house",
  "automobile-services": "car",
  "food-industry": "utensils-crossed",
  "professional-services": "briefcase-business",
  "health-wellness": "heart-pulse",
};

/** The icon that stands for an industry across the directory. Decorative: the industry's title is always shown. */
export function IndustryIcon({ industry, className }: { industry: IndustryId; className?: string }) {
  return <Icon name={ICONS[industry]} className={className} aria-hidden="true" />;
}

import { BriefcaseBusiness, Car, HeartPulse, House, UtensilsCrossed, type LucideIcon } from "lucide-react";
import type { IndustryId } from "~/lib/industries";

const ICONS: Record<IndustryId, LucideIcon> = {
  "home-services": House,
  "automobile-services": Car,
  "food-industry": UtensilsCrossed,
  "professional-services": BriefcaseBusiness,
  "health-wellness": HeartPulse,
};

/** The icon that stands for an industry across the directory. Decorative: the industry's title is always shown. */
export function IndustryIcon({ industry, className }: { industry: IndustryId; className?: string }) {
  const Icon = ICONS[industry];
  return <Icon className={className} aria-hidden="true" />;
}

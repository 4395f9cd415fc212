/**
 * The five fixed industries (docs/product.md#industries). Every list, select, route param and constraint uses this one
 * constant.
 */
export const INDUSTRIES = [
  {
    id: "home-services",
    title: "Home Services",
    description: "Plumbers, electricians, cleaners and the crews who keep Valley homes running.",
  },
  {
    id: "automobile-services",
    title: "Automobile Services",
    description: "Mechanics, detailers and tire shops that keep the neighborhood moving.",
  },
  {
    id: "food-industry",
    title: "Food Industry",
    description: "Cafés, bakeries, taquerias and family restaurants that feed the community.",
  },
  {
    id: "professional-services",
    title: "Professional Services",
    description: "Accountants, attorneys, agents and advisors who help neighbors plan ahead.",
  },
  {
    id: "health-wellness",
    title: "Health & Wellness",
    description: "Studios, clinics and practitioners who help the neighborhood feel its best.",
  },
] as const;

export type Industry = (typeof INDUSTRIES)[number];
export type IndustryId = Industry["id"];

export const INDUSTRY_IDS = INDUSTRIES.map((industry) => industry.id) as [IndustryId, ...IndustryId[]];

export function isIndustryId(value: unknown): value is IndustryId {
  return typeof value === "string" && (INDUSTRY_IDS as readonly string[]).includes(value);
}

export function industryTitle(id: string): string {
  return INDUSTRIES.find((industry) => industry.id === id)?.title ?? id;
}

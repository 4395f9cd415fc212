import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Mirrors the route table of docs/product.md#routes.
export default [
  index("routes/marketing/home.tsx"),
  route("about", "routes/marketing/about.tsx"),
  route("contact", "routes/marketing/contact.tsx"),
  route("submit-business", "routes/marketing/submit-business.tsx"),
  route("map", "routes/marketing/map.tsx"),

  route("signin", "routes/auth/signin.tsx"),
  route("signout", "routes/auth/signout.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),

  route("local-shiners", "routes/directory/chooser.tsx"),
  route("local-shiners/all", "routes/directory/all.tsx"),
  route("local-shiners/:industry", "routes/directory/industry.tsx"),
  route("business/:id", "routes/directory/business.tsx"),

  route("shine-stories", "routes/stories/stories-home.tsx"),
  route("shine-stories/:industry", "routes/stories/industry.tsx"),
  route("story/:id", "routes/stories/story.tsx"),
  route("stories/submit", "routes/resources/submit-story.ts"),
  route("q/:code", "routes/resources/short-link.ts"),

  route("dashboard", "routes/dashboard/media.tsx"),
  route("dashboard/media", "routes/resources/media-upload.ts"),
  route("dashboard/ads", "routes/dashboard/ads.tsx"),
  route("dashboard/ads/new", "routes/dashboard/ad-editor.tsx", { id: "ad-new" }),
  route("dashboard/ads/:id", "routes/dashboard/ad-editor.tsx", { id: "ad-edit" }),
  route("admin", "routes/admin/businesses.tsx"),
  route("admin/stories", "routes/admin/stories.tsx"),
  route("admin/inbox", "routes/admin/inbox.tsx"),
  route("admin/ads", "routes/admin/ads.tsx"),
  route("admin/kiosks", "routes/admin/kiosks.tsx"),

  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("api/auth/*", "routes/resources/auth.ts"),
  route("api/kiosk/pairings", "routes/resources/kiosk/pairings.ts"),
  route("api/kiosk/pairings/:pairingId", "routes/resources/kiosk/pairing.ts"),
  route("api/kiosk/manifest", "routes/resources/kiosk/manifest.ts"),
  route("api/kiosk/heartbeat", "routes/resources/kiosk/heartbeat.ts"),
  route("api/kiosk/plays", "routes/resources/kiosk/plays.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Mirrors the spec's route table (§2), plus the pages the spec leaves open (contact, password reset, inbox).
export default [
  index("routes/marketing/home.tsx"),

  route("signin", "routes/auth/signin.tsx"),
  route("signout", "routes/auth/signout.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),

  route("dashboard", "routes/dashboard/media.tsx"),

  route("api/auth/*", "routes/resources/auth.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

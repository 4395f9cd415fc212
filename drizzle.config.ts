import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./app/.server/infra/db/schema.ts",
  out: "./drizzle",
});

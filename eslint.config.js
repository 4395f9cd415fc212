import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const zodImport = {
  name: "zod",
  allowTypeImports: true,
  message: "Import z from ~/lib/zod, which sets zod's jitless mode before any schema is built.",
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "data/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "drizzle/",
      ".tmp/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // zod's jitless setting must be in place before any schema exists (app/lib/zod.ts).
    files: ["app/**", "server/**", "cli/**"],
    ignores: ["app/lib/zod.ts"],
    rules: { "no-restricted-imports": ["error", { paths: [zodImport] }] },
  },
  {
    // Server-only code has one home (docs/architecture.md#rules-of-the-house): components and shared libs may not
    // import it.
    files: ["app/components/**", "app/lib/**"],
    ignores: ["app/lib/zod.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [zodImport],
          patterns: [{ group: ["~/.server/*", "**/.server/*"], message: "Server-only module." }],
        },
      ],
    },
  },
);

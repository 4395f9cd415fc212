/**
 * Return paths an attacker might hand to sign-in (`redirectTo`) or to Better Auth (`callbackURL`): every one must
 * end on this site, whatever dots, slashes, encodings, backslashes or whitespace it holds. Shared by the unit
 * test of `safeRedirectPath` and the attack test against the built server (tests/security/open-redirect.test.ts).
 */
export const HOSTILE_RETURN_PATHS = [
  "https://evil.example/x",
  "http://evil.example",
  "//evil.example",
  "//evil.example/x",
  "///evil.example/x",
  "/.//evil.example/x",
  "/././/evil.example/x",
  "/..//evil.example/x",
  "/x/..//evil.example/x",
  "/%2e//evil.example/x",
  "/%2E%2E//evil.example/x",
  "/\\evil.example/x",
  "/\\\\evil.example/x",
  "\\\\evil.example/x",
  "\\/evil.example/x",
  "/\\/evil.example/x",
  "/.\\/evil.example/x",
  "/\t/evil.example/x",
  "/\n/evil.example/x",
  "/\r\n/evil.example/x",
  "\t//evil.example/x",
  " //evil.example/x",
  "\u0000//evil.example/x",
  "/%09/evil.example/x",
  "/%2F%2Fevil.example/x",
  "/%2f/evil.example/x",
  "%2F%2Fevil.example/x",
  "/%252F%252Fevil.example/x",
  "%252F%252Fevil.example",
  "/%5Cevil.example/x",
  "/%5c%5cevil.example/x",
  "https:/evil.example/x",
  "https:evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "//evil.example@127.0.0.1/x",
  "/@evil.example",
  "//127.0.0.1.evil.example/x",
  "\u3002//evil.example",
  "/\u3000/evil.example",
  "/.%2F/evil.example",
  "./../..//evil.example",
  `/${"a/".repeat(3000)}`,
];

/** Same-site return paths that must survive as they are. */
export const SAME_SITE_RETURN_PATHS: Array<[input: string, expected: string]> = [
  ["/dashboard", "/dashboard"],
  ["/admin/stories", "/admin/stories"],
  ["/local-shiners/all?page=2", "/local-shiners/all?page=2"],
  [
    "/business/3f0b4c1e-8c1a-4f7e-9d3b-1b2c3d4e5f60#about",
    "/business/3f0b4c1e-8c1a-4f7e-9d3b-1b2c3d4e5f60#about",
  ],
  ["/shine-stories?q=caf%C3%A9", "/shine-stories?q=caf%C3%A9"],
];

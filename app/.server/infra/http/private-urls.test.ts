import { beforeAll, describe, expect, it } from "vitest";
import { sourceRouteManifest } from "../../../../tests/support/source-routes";
import { pageModesOf, type PageModes } from "./page-modes";
import { isPrivateUrl, redactSecrets } from "./private-urls";

// Which pages are private is their routes' `handle.private`: the real route modules decide here.
let pages: PageModes;
beforeAll(async () => {
  pages = pageModesOf(await sourceRouteManifest());
});

describe("redactSecrets", () => {
  it.each([
    ["/reset-password?token=abc123", "/reset-password?token=[redacted]"],
    ["/reset-password.data?token=abc&_routes=root", "/reset-password.data?token=[redacted]&_routes=root"],
    [
      "/api/auth/verify-email?token=eyJ.x.y&callbackURL=%2Fdashboard",
      "/api/auth/verify-email?token=[redacted]&callbackURL=%2Fdashboard",
    ],
    [
      "/api/auth/reset-password/Zx81kQ?callbackURL=%2Freset-password",
      "/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password",
    ],
    ["/x?a=1&%74oken=abc&code=9&page=2", "/x?a=1&%74oken=[redacted]&code=[redacted]&page=2"],
    [
      "/x?TOKEN=abc&access_token=d&api_key=e",
      "/x?TOKEN=[redacted]&access_token=[redacted]&api_key=[redacted]",
    ],
    ["/local-shiners/all?page=2&zip=10001", "/local-shiners/all?page=2&zip=10001"],
    [
      "GET failed: http://h/reset-password?token=abc (see https://h/api/auth/reset-password/tok)",
      "GET failed: http://h/reset-password?token=[redacted] (see https://h/api/auth/reset-password/[redacted])",
    ],
    [
      "cookie: better-auth.session_token=abc.def; __Secure-better-auth.session_token=ghi",
      "cookie: better-auth.session_token=[redacted]; __Secure-better-auth.session_token=[redacted]",
    ],
  ])("%s", (input, expected) => {
    expect(redactSecrets(input)).toBe(expected);
  });
});

describe("isPrivateUrl", () => {
  it.each([
    "/signin",
    "/signin/",
    "/SignIn",
    "/sign%69n",
    "//signin",
    "/signin.data",
    "/signin?redirectTo=%2Fdashboard",
    "/signout",
    "/forgot-password",
    "/reset-password",
    "/reset-password?token=x",
    "/api/auth",
    "/api/auth/get-session",
    "/API/Auth/verify-email?token=x",
    "http://localhost:3000/reset-password?token=x",
    "/?token=x",
    "/about?code=1",
    "/about?%74oken=1",
  ])("%s is private", (url) => {
    expect(isPrivateUrl(url, pages)).toBe(true);
  });

  it.each([
    "/",
    "/about",
    "/signing-up-soon",
    "/local-shiners/all?page=2",
    "/business/abc?zip=1",
    "/api/authors",
  ])("%s is not", (url) => {
    expect(isPrivateUrl(url, pages)).toBe(false);
  });
});

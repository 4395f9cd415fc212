import { request } from "@playwright/test";
import { ADMIN_EMAIL, createConfirmedAccount, E2E_PORT, TEST_PASSWORD } from "./support/accounts";

// The web server is up by now (Playwright starts it before global setup). The admin account is made once;
// ADMIN_EMAILS on the e2e server makes it an admin from creation.
export default async function globalSetup() {
  const api = await request.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  try {
    await createConfirmedAccount(api, { email: ADMIN_EMAIL, password: TEST_PASSWORD });
  } finally {
    await api.dispose();
  }
}

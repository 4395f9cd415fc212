// APP_URL is the address QR codes and email links carry. Left at its default (http://localhost:PORT), or set to
// another loopback address, it reaches only the machine the server runs on: a visitor's phone scanning a kiosk's
// QR code, or opening an email, cannot follow it. The server says so at start-up, and /admin/kiosks says so once a
// screen is paired (docs/deployment.md#the-sites-address).

/** Whether a URL's host is this machine only: localhost (and *.localhost), 127.0.0.0/8, ::1 or 0.0.0.0. */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  host = host.replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (host === "::1" || host === "0.0.0.0" || host === "::") return true;
  return /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** The start-up warning, and the admin page's, in one wording. */
export function loopbackAppUrlWarning(appUrl: string): string {
  return (
    `APP_URL is ${appUrl}, an address only this machine reaches: the kiosks' QR codes and the links in emails ` +
    "will not open on visitors' phones. Set APP_URL to the address people use to reach the site, then restart."
  );
}

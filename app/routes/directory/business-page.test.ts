import { createElement, Fragment } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Meta, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { notFound } from "~/lib/not-found";
import { ErrorBoundary as RootErrorBoundary, meta as rootMeta } from "~/root";
import { routeErrorOf } from "../../../tests/support/route-calls";
import BusinessPage, { meta } from "./business";

const APP_URL = "https://localshine.example";

/** A business whose every text field tries to break out of its place on the page. */
const hostile = {
  id: "6f1c2f0e-4a43-4c55-9f0a-7f4c2ad2e0b1",
  name: "Evil </script><script>alert(1)</script> Café",
  description: '<img src=x onerror="alert(2)"> We fix things.',
  industry: "home-services",
  address: "1 Main St",
  city: "Tarzana",
  state: "CA",
  zipCode: "91356",
  phone: "(818) 555-0142",
  email: "owner@evil.example",
  website: "javascript:alert(3)",
  imageUrl: "/media/demo/x.webp",
  rating: 4.5,
  reviewCount: 12,
  offerText: "<b>Free</b> stuff",
  ownerName: "Mallory <script>",
  ownerBio: "Bio",
  ownerImageUrl: null,
  qualityDescription: null,
  communityDescription: "We clean parks.",
};

/** The whole page as the server renders it: the route's <Meta> tags and its component. */
function renderPage(business: typeof hostile) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: () => createElement(Fragment, null, createElement(Meta), createElement(Outlet)),
      children: [
        {
          id: "routes/directory/business",
          path: "business/:id",
          Component: BusinessPage as never,
          meta: meta as never,
        },
      ],
    },
  ]);
  return renderToString(
    createElement(Stub, {
      initialEntries: [`/business/${hostile.id}`],
      hydrationData: {
        loaderData: {
          root: { appUrl: APP_URL },
          "routes/directory/business": { business, claim: null, stories: [], now: null },
        },
      },
    }),
  );
}

describe("business page (server render)", () => {
  it("escapes every text field and only links http(s) websites", () => {
    const html = renderPage(hostile);
    expect(html).not.toMatch(/<script>alert|<img src=x|<b>Free/);
    expect(html).toContain("Evil &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; Café");
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("Visit Website");
    expect(html).toContain('href="tel:8185550142"');
    expect(html).toContain('href="mailto:owner@evil.example"');
    expect(html).toContain("Meet Mallory &lt;script&gt;");
    expect(html).toContain("Community Impact");
    expect(html).not.toContain("Quality Commitment");
  });

  it("links a real website in a new tab without an opener", () => {
    // The links go through the counted redirect (docs/product.md#results), which sends the visitor on to the site.
    const html = renderPage({ ...hostile, website: "https://evil.example/menu" });
    const counted = `/go/${hostile.id}/website`;
    const links = html.match(new RegExp(`<a[^>]*href="${counted}"[^>]*>`, "g")) ?? [];
    expect(links).toHaveLength(2); // Contact Information and Ready to Connect
    expect(renderPage(hostile)).not.toContain(counted); // a javascript: "website" is not linked at all
    for (const link of links) {
      expect(link).toContain('target="_blank"');
      expect(link).toContain('rel="noopener noreferrer"');
    }
  });

  it("writes LocalBusiness JSON-LD that data can't break out of", () => {
    const html = renderPage(hostile);
    const scripts = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g) ?? [];
    expect(scripts).toHaveLength(1);
    const json = (scripts[0] ?? "").replace(/^<script[^>]*>/, "").replace(/<\/script>$/, "");
    expect(json).not.toContain("<");
    expect(json).toContain("\\u003c/script\\u003e");
    const ld = JSON.parse(json);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "LocalBusiness",
      name: hostile.name,
      telephone: "(818) 555-0142",
      // A javascript: website is not a url: the business's page here is.
      url: `${APP_URL}/business/${hostile.id}`,
      image: `${APP_URL}/media/demo/x.webp`,
      address: {
        "@type": "PostalAddress",
        streetAddress: "1 Main St",
        addressLocality: "Tarzana",
        postalCode: "91356",
      },
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 12 },
    });
  });

  it("has a title, description, canonical URL and Open Graph tags; no rating without reviews", () => {
    const html = renderPage({
      ...hostile,
      name: "Sunny Bakery",
      reviewCount: 0,
      website: "https://sunny.example",
    });
    expect(html).toContain("<title>Sunny Bakery in Tarzana, CA | Local Shiners | Local Shine</title>");
    expect(html).toContain(`<link rel="canonical" href="${APP_URL}/business/${hostile.id}"/>`);
    expect(html).toContain(`<meta property="og:image" content="${APP_URL}/media/demo/x.webp"/>`);
    expect(html).toMatch(
      /<meta name="description" content="&lt;img src=x onerror=&quot;alert\(2\)&quot;&gt; We fix things\."\/>/,
    );
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]);
    expect(ld.url).toBe("https://sunny.example/");
    expect(ld).not.toHaveProperty("aggregateRating");
  });

  it("shows 'Business not found' with a way back and no index (the root's boundary, for the loader's 404)", () => {
    const error = routeErrorOf(() => notFound("business"));
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "/",
        Component: () => createElement(Fragment, null, createElement(Meta), createElement(Outlet)),
        meta: rootMeta as never,
        // The root's own boundary, with a <Meta> beside it (the root Layout renders it in the app).
        ErrorBoundary: (props: object) =>
          createElement(
            Fragment,
            null,
            createElement(Meta),
            createElement(RootErrorBoundary as never, props),
          ),
        children: [
          { id: "routes/directory/business", path: "business/:id", Component: BusinessPage as never },
        ],
      },
    ]);
    const html = renderToString(
      createElement(Stub, {
        initialEntries: [`/business/${hostile.id}`],
        hydrationData: { loaderData: { root: { appUrl: APP_URL } }, errors: { root: error } },
      }),
    );
    expect(html).toContain("Business not found");
    expect(html).toContain('href="/local-shiners"');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain("<title>Business not found | Local Shine</title>");
  });
});

import { createElement, lazy, Suspense, type ComponentType } from "react";
import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { renderDocument, settleHandoff } from "./render-document";

const options = { nonce: "n0nce", timeoutMs: 2_000 };

function documentOf(...children: Parameters<typeof createElement>[2][]) {
  return createElement("html", null, createElement("body", null, ...children));
}

/** A component that loads after the current turn, as a code-split one does the first time. */
function later<P extends object>(component: ComponentType<P>) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType<P> }>((resolve) =>
        setTimeout(() => resolve({ default: component }), 10),
      ),
  );
}

describe("renderDocument", () => {
  it("renders a page that does not suspend in one pass, with its doctype", async () => {
    const rendered = await renderDocument(documentOf(createElement("p", null, "Shine — brighter")), options);
    expect(rendered).toEqual({
      html: "<!DOCTYPE html><html><head></head><body><p>Shine — brighter</p></body></html>",
      failed: false,
    });
  });

  it("waits for a part that suspends instead of leaving it to the client", async () => {
    const Late = later(() => createElement("p", null, "loaded later"));
    const rendered = await renderDocument(
      documentOf(
        createElement(Suspense, { fallback: createElement("p", null, "loading") }, createElement(Late)),
      ),
      options,
    );
    expect(rendered.failed).toBe(false);
    expect(rendered.html).toMatch(/^<!DOCTYPE html><html>/);
    expect(rendered.html).toContain("<p>loaded later</p>");
    expect(rendered.html).not.toContain("loading");
    expect(rendered.html).not.toContain("<!--$!-->");
  });

  it("reports a part that fails inside a boundary, which a string render would have swallowed", async () => {
    const Broken = later(() => {
      throw new Error("listing exploded");
    });
    const rendered = await renderDocument(
      documentOf(
        createElement(Suspense, { fallback: createElement("p", null, "loading") }, createElement(Broken)),
      ),
      options,
    );
    expect(rendered.failed).toBe(true);
  });

  it("rejects when the page itself fails", async () => {
    function Broken(): never {
      throw new Error("layout exploded");
    }
    await expect(renderDocument(documentOf(createElement(Broken)), options)).rejects.toThrow(
      "layout exploded",
    );
  });
});

describe("settleHandoff", () => {
  it("reads React Router's loader-data stream to its end and leaves it whole where <StreamTransfer> looks", async () => {
    const bytes = new TextEncoder().encode('[{"name":"Café — Tarzana"}]');
    const split = bytes.indexOf(0xc3) + 1; // inside the two bytes of "é"
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, split));
        setTimeout(() => {
          controller.enqueue(bytes.slice(split));
          controller.close();
        }, 5);
      },
    });
    const context = { serverHandoffStream: stream, renderMeta: {} } as unknown as EntryContext;
    await settleHandoff(context);
    const settled = context.renderMeta?.streamCache?.[0];
    expect(settled?.result).toEqual({ done: true, value: '[{"name":"Café — Tarzana"}]' });
    await expect(settled).resolves.toBeUndefined();
    // <ServerRouter> takes its own reader from the stream, which must be free and finished.
    expect(await stream.getReader().read()).toEqual({ done: true, value: undefined });
  });

  it("leaves a context without loader data alone", async () => {
    const context = { renderMeta: {} } as unknown as EntryContext;
    await settleHandoff(context);
    expect(context.renderMeta).toEqual({});
  });
});

import type { Page } from "@playwright/test";

/**
 * Resolves once nothing on the page is mid-transition or mid-animation (looping ones, such as a loading pulse,
 * aside), checked across two frames: a screen's cross-fade, a map marker's fade-in. What is judged or pictured
 * after it is what a person sees once the page has settled.
 */
export async function animationsSettled(page: Page) {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            resolve(
              document
                .getAnimations()
                .every(
                  (animation) =>
                    animation.playState !== "running" ||
                    animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
                ),
            ),
          ),
        ),
      ),
  );
}

import { useEffect, useState } from "react";
import type { Route } from "./+types/pair";
import { KioskWaiting } from "~/components/kiosk/kiosk-waiting";
import { keepShell, readDevice, registerKioskWorker, saveDevice } from "~/lib/kiosk-player/device";
import type { PageHandle } from "~/lib/page-handle";

// /kiosk: a new (or unpaired) screen shows a pairing code until an admin enters it on /admin/kiosks
// (docs/product.md#pairing). No site chrome; everything happens in the browser.

export const handle: PageHandle = { chrome: false };

export const meta: Route.MetaFunction = () => [
  { title: "Kiosk | Local Shine" },
  { name: "robots", content: "noindex" },
];

const POLL_MS = 2_000;

type Pairing = { pairingId: string; code: string; secret: string; expiresAt: number };
type Screen =
  | { state: "starting" }
  | { state: "code"; pairing: Pairing; siteAddress: string }
  | { state: "offline" }
  | { state: "paired" };

export default function KioskPairing() {
  const [screen, setScreen] = useState<Screen>({ state: "starting" });
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (readDevice()) {
      location.replace("/kiosk/play");
      return;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = (ms: number, run: () => void) => {
      if (!stopped) timer = setTimeout(run, ms);
    };
    void registerKioskWorker().then((worker) => worker && keepShell(worker));

    async function newCode() {
      try {
        const sentAt = Date.now();
        const response = await fetch("/api/kiosk/pairings", { method: "POST", cache: "no-store" });
        if (response.status === 429) {
          later(retryAfterMs(response), newCode);
          return;
        }
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = (await response.json()) as Omit<Pairing, "expiresAt"> & { expiresAt: string };
        // The code's lifetime as the server counts it, laid on this screen's own clock.
        const serverNow = Date.parse(response.headers.get("Date") ?? "") || sentAt;
        const pairing = { ...body, expiresAt: sentAt + (Date.parse(body.expiresAt) - serverNow) };
        if (stopped) return;
        // The address this screen reached the site on, so the admin types what is known to work.
        setScreen({ state: "code", pairing, siteAddress: location.host });
        later(POLL_MS, () => void poll(pairing));
      } catch {
        setScreen({ state: "offline" });
        later(5_000, newCode);
      }
    }

    async function poll(pairing: Pairing) {
      if (Date.now() > pairing.expiresAt) return void newCode();
      try {
        const response = await fetch(`/api/kiosk/pairings/${pairing.pairingId}`, {
          headers: { "X-Pairing-Secret": pairing.secret },
          cache: "no-store",
        });
        if (response.status === 429) return later(retryAfterMs(response), () => void poll(pairing));
        const body = (await response.json()) as { status: string; token?: string; kioskId?: string };
        if (body.status === "paired" && body.token && body.kioskId) {
          saveDevice({ token: body.token, kioskId: body.kioskId });
          setScreen({ state: "paired" });
          location.replace("/kiosk/play");
          return;
        }
        if (body.status !== "waiting") return void newCode();
      } catch {
        // A dropped poll: the code stays on screen and the next poll tries again.
      }
      later(POLL_MS, () => void poll(pairing));
    }

    void newCode();
    const clock = setInterval(() => setNow(Date.now()), 1_000);
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearInterval(clock);
    };
  }, []);

  if (screen.state === "code") {
    const left = Math.max(0, Math.floor((screen.pairing.expiresAt - now) / 1000));
    return (
      <main
        id="main"
        className="flex min-h-dvh flex-col items-center justify-center gap-[4vmin] bg-ink p-[5vmin] text-center text-white"
      >
        <p className="text-[4vmin] font-semibold text-sun">Local Shine</p>
        <h1 className="text-[5vmin] font-bold">Pair this screen</h1>
        <p className="max-w-[80vmin] text-[3vmin] text-white/80">
          On <strong className="font-semibold text-white">{screen.siteAddress}/admin/kiosks</strong>, choose
          Pair a Screen and enter this code.
        </p>
        <p
          className="rounded-[2vmin] bg-white px-[5vmin] py-[3vmin] font-mono text-[12vmin] font-bold tracking-[0.15em] text-ink"
          aria-label={`Pairing code ${screen.pairing.code.split("").join(" ")}`}
          data-testid="pairing-code"
        >
          {screen.pairing.code}
        </p>
        <p className="text-[3vmin] text-white/80" aria-live="off">
          Expires in {Math.floor(left / 60)}:{String(left % 60).padStart(2, "0")}
        </p>
      </main>
    );
  }
  return (
    <KioskWaiting
      message={
        screen.state === "offline"
          ? "Waiting for the network. This screen shows its pairing code as soon as it is connected."
          : screen.state === "paired"
            ? "Paired. Starting the player…"
            : "Getting ready…"
      }
    />
  );
}

function retryAfterMs(response: Response) {
  const seconds = Number(response.headers.get("Retry-After"));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 30_000;
}

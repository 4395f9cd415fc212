/** The kiosk's friendly screen while there is nothing to show yet: never an error page (docs/product.md#the-player). */
export function KioskWaiting({ message }: { message: string }) {
  return (
    <main
      id="main"
      className="flex min-h-dvh flex-col items-center justify-center gap-[3vmin] bg-ink p-[6vmin] text-center text-white"
      data-testid="kiosk-waiting"
    >
      <p className="text-[7vmin] font-bold">
        Local <span className="text-sun">Shine</span>
      </p>
      <p className="max-w-[80vmin] text-[3.5vmin] text-white/80" role="status">
        {message}
      </p>
    </main>
  );
}

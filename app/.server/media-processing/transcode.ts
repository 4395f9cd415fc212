import { DEFAULT_MEDIA_LIMITS } from "./limits";
import type { VideoProbe } from "./probe";
import { NICEST, runTool, SAFE_INPUT, type MediaTools, type RunToolOptions } from "./tools";

/** Screens are 1080p at most, in either orientation (portrait kiosk screens are 1080×1920). */
const MAX_LONG_SIDE = 1920;
const MAX_SHORT_SIDE = 1080;
const PLAYABLE_PROFILES = new Set(["High", "Main", "Constrained Baseline", "Baseline"]);
/** Containers whose H.264/AAC copies into MP4 cleanly (AVI and others have no reliable timestamps for it). */
const REMUXABLE_SOURCES = new Set(["video/mp4", "video/quicktime"]);

/** The size a picture of `width`×`height` is shown at on a screen: within 1080p, aspect kept, even sides (H.264). */
export function screenSize(width: number, height: number) {
  const scale = Math.min(
    1,
    MAX_LONG_SIDE / Math.max(width, height),
    MAX_SHORT_SIDE / Math.min(width, height),
  );
  const even = (side: number) => Math.max(2, Math.round((side * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}

/** Already what every player plays (H.264 4:2:0 + AAC or silence, within 1080p, upright): copy it, don't encode. */
export function canRemux(probe: VideoProbe, sourceMime: string): boolean {
  const size = screenSize(probe.width, probe.height);
  return (
    REMUXABLE_SOURCES.has(sourceMime) &&
    probe.videoCodec === "h264" &&
    PLAYABLE_PROFILES.has(probe.videoProfile ?? "") &&
    probe.pixelFormat === "yuv420p" &&
    (probe.audioCodec === null || probe.audioCodec === "aac") &&
    probe.rotation === 0 &&
    size.width === probe.width &&
    size.height === probe.height
  );
}

/** Streams kept: the first video and the first audio if any; no subtitles, data, chapters or metadata (a phone's location). */
const SELECT = [
  "-map",
  "0:v:0",
  "-map",
  "0:a:0?",
  "-sn",
  "-dn",
  "-map_metadata",
  "-1",
  "-map_chapters",
  "-1",
];
/** The index before the media data, so a player starts before the whole file has arrived. */
const FAST_START = ["-movflags", "+faststart", "-f", "mp4"];

export interface ScreenVideoOptions {
  /** The most of the video the copy holds, from its start (`-t`), whatever the source's header claims. */
  maxSeconds?: number;
  /** ffmpeg is killed past this (runTool's `TimeLimitExceeded`). */
  timeLimitMs?: number;
  signal?: AbortSignal;
}

/**
 * Writes `output`: at most `maxSeconds` of the video as an MP4 with H.264 High (yuv420p, ≤ 1080p, aspect kept) and
 * AAC, index first. A file that is already that is copied; anything else is encoded, on one thread at the lowest
 * priority, in a child process, so the server keeps serving pages while it runs. Answers which it did.
 */
export async function makeScreenVideo(
  tools: MediaTools,
  input: string,
  output: string,
  probe: VideoProbe,
  sourceMime: string,
  {
    maxSeconds = DEFAULT_MEDIA_LIMITS.maxScreenSeconds,
    timeLimitMs = DEFAULT_MEDIA_LIMITS.transcodeTimeLimitMs(maxSeconds),
    signal,
  }: ScreenVideoOptions = {},
): Promise<"copied" | "encoded"> {
  const common = ["-hide_banner", "-nostdin", "-y", "-v", "error", ...SAFE_INPUT];
  const run: RunToolOptions = { signal, nice: tools.nice ?? NICEST, timeLimitMs };
  const cap = ["-t", maxSeconds.toFixed(3)];
  if (canRemux(probe, sourceMime)) {
    await runTool(
      tools.ffmpeg,
      [...common, "-i", input, ...SELECT, ...cap, "-c", "copy", ...FAST_START, output],
      run,
    );
    return "copied";
  }
  const size = screenSize(probe.width, probe.height);
  await runTool(
    tools.ffmpeg,
    [
      ...common,
      ["-threads", "1"],
      ["-i", input],
      SELECT,
      cap,
      [
        "-vf",
        `scale=${size.width}:${size.height}:flags=bicubic,setsar=1,format=yuv420p`,
        "-filter_threads",
        "1",
      ],
      ["-c:v", "libx264", "-preset", "veryfast", "-profile:v", "high", "-crf", "23"],
      ["-maxrate", "8M", "-bufsize", "16M", "-threads", "1"],
      ["-c:a", "aac", "-b:a", "128k", "-ac", "2", "-ar", "48000"],
      ["-max_muxing_queue_size", "1024"],
      FAST_START,
      output,
    ].flat(),
    run,
  );
  return "encoded";
}

/** A JPEG of the frame at `atSec` (the poster a player shows until the video plays). */
export async function extractPoster(
  tools: MediaTools,
  video: string,
  output: string,
  atSec: number,
  run: Pick<RunToolOptions, "signal" | "timeLimitMs"> = { timeLimitMs: DEFAULT_MEDIA_LIMITS.toolTimeLimitMs },
) {
  const input = ["-threads", "1", ...SAFE_INPUT, "-ss", atSec.toFixed(3), "-i", video];
  const frame = ["-frames:v", "1", "-q:v", "3", "-f", "image2", "-c:v", "mjpeg", output];
  await runTool(tools.ffmpeg, ["-hide_banner", "-nostdin", "-y", "-v", "error", ...input, ...frame], {
    ...run,
    nice: tools.nice ?? NICEST,
  });
}

import { DEFAULT_MEDIA_LIMITS } from "./limits";
import { NICEST, runTool, SAFE_INPUT, ToolError, type MediaTools, type RunToolOptions } from "./tools";

/** What a video file holds, as far as playing it on a screen goes. */
export interface VideoProbe {
  hasVideo: boolean;
  durationSec: number | null;
  videoCodec: string | null;
  /** The H.264 profile ("High", "Main", …) when there is one. */
  videoProfile: string | null;
  pixelFormat: string | null;
  audioCodec: string | null;
  /** As displayed: rotation metadata (phones) already applied. */
  width: number;
  height: number;
  /** Degrees the player turns the stored picture (0, 90, 180, 270). */
  rotation: number;
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { duration?: string };
}

const positive = (value: string | undefined) => {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : null;
};

/** The facts of ffprobe's JSON (`-show_format -show_streams`). Cover art is not a video stream. */
export function parseProbe(output: FfprobeOutput): VideoProbe {
  const streams = output.streams ?? [];
  const video = streams.find((s) => s.codec_type === "video" && s.disposition?.attached_pic !== 1);
  const audio = streams.find((s) => s.codec_type === "audio");
  // ffprobe ≥ 5 reports a display matrix's rotation (negative = clockwise); older files and tools a `rotate` tag.
  const turn = video?.side_data_list?.find((data) => data.rotation !== undefined)?.rotation;
  const rotation = (((turn !== undefined ? -turn : Number(video?.tags?.rotate ?? 0)) % 360) + 360) % 360;
  const sideways = rotation === 90 || rotation === 270;
  const width = video?.width ?? 0;
  const height = video?.height ?? 0;
  return {
    hasVideo: video !== undefined,
    durationSec: positive(output.format?.duration) ?? positive(video?.duration),
    videoCodec: video?.codec_name ?? null,
    videoProfile: video?.profile ?? null,
    pixelFormat: video?.pix_fmt ?? null,
    audioCodec: audio?.codec_name ?? null,
    width: sideways ? height : width,
    height: sideways ? width : height,
    rotation,
  };
}

/** A file ffprobe cannot read at all. */
export class UnreadableMediaError extends Error {}

export async function probeVideo(
  tools: MediaTools,
  file: string,
  run: Pick<RunToolOptions, "signal" | "timeLimitMs"> = { timeLimitMs: DEFAULT_MEDIA_LIMITS.toolTimeLimitMs },
): Promise<VideoProbe> {
  let json: string;
  try {
    json = await runTool(
      tools.ffprobe,
      ["-v", "error", ...SAFE_INPUT, "-print_format", "json", "-show_format", "-show_streams", file],
      { ...run, nice: tools.nice ?? NICEST },
    );
  } catch (error) {
    // ffprobe answers 1 for data it cannot parse; anything else (a missing binary) is not the file's fault.
    if (error instanceof ToolError) throw new UnreadableMediaError(error.message);
    throw error;
  }
  return parseProbe(JSON.parse(json) as FfprobeOutput);
}

/** Why a screen cannot play this video whatever we do, in words for its owner; null when it can. */
export function unusableReason(probe: VideoProbe): string | null {
  if (!probe.hasVideo) return "This file has no video stream";
  if (probe.width <= 0 || probe.height <= 0) return "This video's picture size could not be read";
  if (probe.durationSec === null) return "This video's length could not be read";
  return null;
}

/** The reason for a file ffprobe could not read. */
export const UNREADABLE_VIDEO = "This file could not be read as a video";

// Short clips made with ffmpeg's test sources, for the media-processing tests.
import fs from "node:fs/promises";
import path from "node:path";
import { runTool, type MediaTools } from "../../app/.server/media-processing/tools";

const picture = (size: string, seconds = 2) => [
  "-f",
  "lavfi",
  "-i",
  `testsrc=size=${size}:rate=25:duration=${seconds}`,
];
const tone = (seconds = 2) => [
  "-f",
  "lavfi",
  "-i",
  `sine=frequency=440:sample_rate=44100:duration=${seconds}`,
];

const CLIPS = {
  /** QuickTime, H.264 + AAC, larger than 1080p: must be scaled down. */
  "big.mov": [
    ...picture("2560x1440"),
    ...tone(),
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
  ],
  /** AVI with MPEG-4 Part 2 video and MP3 sound, 4:3. */
  "old.avi": [...picture("640x480"), ...tone(), "-c:v", "mpeg4", "-q:v", "5", "-c:a", "libmp3lame"],
  /** Already H.264/AAC MP4, but with its index at the end (no fast start). */
  "ready.mp4": [
    ...picture("640x360"),
    ...tone(),
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
  ],
  /** Sound only. */
  "no-video.mov": [...tone(), "-c:a", "aac"],
} as const;

/** Clips past the bounds of media work (docs/security.md, "Bounded media work"), each made in about a second. */
const BOUND_CLIPS = {
  /** 8192×8192: more pixels a frame than an image may have. One frame. */
  "huge.mp4": [
    ...["-f", "lavfi", "-i", "color=c=blue:size=8192x8192:rate=1:duration=1"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
  ],
  /** One hour, at 32×32 and one frame a second. */
  "one-hour.mp4": [
    ...["-f", "lavfi", "-i", "color=c=green:size=32x32:rate=1:duration=3600"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
  ],
  /** Two minutes: longer than an ad, short enough to be made ready. */
  "two-minutes.avi": [...picture("64x64", 120), "-r", "5", "-c:v", "mpeg4", "-q:v", "5"],
} as const;

/**
 * Writes an executable into `dir` that runs the real ffmpeg reading its input at the clip's own speed (`-re`): a
 * transcode that lasts as long as the video it makes (30 s for the longest ad), on any machine, at almost no CPU.
 * For tests that must look at a transcode while it runs.
 */
export async function writeRealTimeFfmpeg(tools: MediaTools, dir: string): Promise<string> {
  const file = path.join(dir, "real-time-ffmpeg");
  await fs.writeFile(file, `#!/bin/sh\nexec '${tools.ffmpeg}' -re "$@"\n`, { mode: 0o755 });
  return file;
}

export type ClipName = keyof typeof CLIPS | "not-a-video.mp4";
export type BoundClipName = keyof typeof BOUND_CLIPS;

async function writeClips<Name extends string>(
  tools: MediaTools,
  dir: string,
  clips: Record<Name, readonly string[]>,
): Promise<Record<Name, string>> {
  const paths = {} as Record<Name, string>;
  for (const [name, args] of Object.entries(clips) as [Name, readonly string[]][]) {
    const file = path.join(dir, name);
    await runTool(tools.ffmpeg, ["-hide_banner", "-v", "error", "-y", ...args, "-shortest", file]);
    paths[name] = file;
  }
  return paths;
}

/** Writes the clips past the bounds of media work into `dir` and answers their paths by name. */
export function makeBoundClips(tools: MediaTools, dir: string): Promise<Record<BoundClipName, string>> {
  return writeClips(tools, dir, BOUND_CLIPS);
}

/** Writes every clip into `dir` and answers their paths by name. */
export async function makeTestClips(tools: MediaTools, dir: string): Promise<Record<ClipName, string>> {
  const paths = (await writeClips(tools, dir, CLIPS)) as Record<ClipName, string>;
  paths["not-a-video.mp4"] = path.join(dir, "not-a-video.mp4");
  await fs.writeFile(paths["not-a-video.mp4"], Buffer.from("this is text, not a video ".repeat(40)));
  return paths;
}

/** The top-level boxes of an MP4 file, in order (`moov` before `mdat` means it can start playing at once). */
export async function topLevelBoxes(file: string): Promise<string[]> {
  const data = await fs.readFile(file);
  const boxes: string[] = [];
  for (let offset = 0; offset + 8 <= data.length;) {
    let size = data.readUInt32BE(offset);
    const type = data.toString("latin1", offset + 4, offset + 8);
    if (size === 1) size = Number(data.readBigUInt64BE(offset + 8));
    if (size === 0) size = data.length - offset;
    boxes.push(type);
    offset += size;
  }
  return boxes;
}

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

export type ClipName = keyof typeof CLIPS | "not-a-video.mp4";

/** Writes every clip into `dir` and answers their paths by name. */
export async function makeTestClips(tools: MediaTools, dir: string): Promise<Record<ClipName, string>> {
  const paths = {} as Record<ClipName, string>;
  for (const [name, args] of Object.entries(CLIPS)) {
    const file = path.join(dir, name);
    await runTool(tools.ffmpeg, ["-hide_banner", "-v", "error", "-y", ...args, "-shortest", file]);
    paths[name as ClipName] = file;
  }
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

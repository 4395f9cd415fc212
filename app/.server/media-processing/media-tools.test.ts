import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashFile } from "./content-hash";
import { normalizeImage } from "./image";
import { parseProbe, probeVideo, UnreadableMediaError, unusableReason } from "./probe";
import { makeTestClips, topLevelBoxes, type ClipName } from "../../../tests/support/test-clips";
import { mediaTools } from "./tools";
import { extractPoster, makeScreenVideo, screenSize } from "./transcode";

const tools = mediaTools({});

describe("media tools (ffprobe, ffmpeg, sharp)", () => {
  let dir: string;
  let clips: Record<ClipName, string>;
  const out = (name: string) => path.join(dir, name);

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "ls-media-tools-"));
    clips = await makeTestClips(tools, dir);
  }, 300_000);
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("probes duration, codecs and size, and says plainly when a file cannot play", async () => {
    const mov = await probeVideo(tools, clips["big.mov"]);
    expect(mov).toMatchObject({
      hasVideo: true,
      videoCodec: "h264",
      audioCodec: "aac",
      width: 2560,
      height: 1440,
    });
    expect(mov.durationSec).toBeCloseTo(2, 0);
    expect(unusableReason(mov)).toBeNull();

    const avi = await probeVideo(tools, clips["old.avi"]);
    expect(avi).toMatchObject({
      hasVideo: true,
      videoCodec: "mpeg4",
      audioCodec: "mp3",
      width: 640,
      height: 480,
    });

    const sound = await probeVideo(tools, clips["no-video.mov"]);
    expect(sound).toMatchObject({ hasVideo: false, audioCodec: "aac" });
    expect(unusableReason(sound)).toBe("This file has no video stream");

    await expect(probeVideo(tools, clips["not-a-video.mp4"])).rejects.toBeInstanceOf(UnreadableMediaError);
  });

  it("opens nothing but the local file, as a video container: a playlist posing as an MP4 is refused", async () => {
    const secret = out("secret.mp4");
    await fs.copyFile(clips["ready.mp4"], secret);
    const playlist = out("playlist.mp4");
    await fs.writeFile(
      playlist,
      `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\n${secret}\n#EXT-X-ENDLIST\n`,
    );
    await expect(probeVideo(tools, playlist)).rejects.toBeInstanceOf(UnreadableMediaError);
    const source = await probeVideo(tools, clips["ready.mp4"]);
    await expect(
      makeScreenVideo(tools, playlist, out("playlist.out.mp4"), source, "video/mp4"),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining("not on whitelist"),
    });
  });

  it("reads a phone's rotation and ignores cover art", () => {
    const probe = parseProbe({
      format: { duration: "4.2" },
      streams: [
        {
          codec_type: "video",
          codec_name: "mjpeg",
          width: 300,
          height: 300,
          disposition: { attached_pic: 1 },
        },
        {
          codec_type: "video",
          codec_name: "hevc",
          width: 1920,
          height: 1080,
          side_data_list: [{ rotation: -90 }],
        },
      ],
    });
    expect(probe).toMatchObject({
      videoCodec: "hevc",
      width: 1080,
      height: 1920,
      rotation: 90,
      audioCodec: null,
    });
    expect(parseProbe({ streams: [{ codec_type: "video", width: 1, height: 1 }] }).durationSec).toBeNull();
  });

  it("fits every picture inside 1080p, either way up, keeping its aspect with even sides", () => {
    expect(screenSize(3840, 2160)).toEqual({ width: 1920, height: 1080 });
    expect(screenSize(2160, 3840)).toEqual({ width: 1080, height: 1920 });
    expect(screenSize(2560, 1440)).toEqual({ width: 1920, height: 1080 });
    expect(screenSize(1440, 1440)).toEqual({ width: 1080, height: 1080 });
    expect(screenSize(640, 480)).toEqual({ width: 640, height: 480 });
    expect(screenSize(721, 405)).toEqual({ width: 722, height: 406 });
  });

  it.each([
    ["big.mov", "video/quicktime", "encoded", 1920, 1080],
    ["old.avi", "video/vnd.avi", "encoded", 640, 480],
    ["ready.mp4", "video/mp4", "copied", 640, 360],
  ] as const)(
    "makes %s an H.264 High/AAC MP4 that starts at once",
    // ffmpeg runs at the lowest priority: on a busy machine a two-second clip can wait a while for the core.
    { timeout: 300_000 },
    async (clip, mime, how, width, height) => {
      const source = await probeVideo(tools, clips[clip]);
      const video = out(`${clip}.screen.mp4`);
      expect(await makeScreenVideo(tools, clips[clip], video, source, mime)).toBe(how);
      const made = await probeVideo(tools, video);
      expect(made).toMatchObject({
        videoCodec: "h264",
        pixelFormat: "yuv420p",
        audioCodec: "aac",
        width,
        height,
      });
      expect(made.videoProfile).toBe(how === "encoded" ? "High" : source.videoProfile);
      expect(made.durationSec).toBeCloseTo(2, 0);
      const boxes = await topLevelBoxes(video);
      expect(boxes[0]).toBe("ftyp");
      expect(boxes.indexOf("moov")).toBeGreaterThan(-1);
      expect(boxes.indexOf("moov")).toBeLessThan(boxes.indexOf("mdat"));

      const poster = out(`${clip}.poster.jpg`);
      await extractPoster(tools, video, poster, 1);
      expect(await sharp(poster).metadata()).toMatchObject({ format: "jpeg", width, height });
    },
  );

  it("the source clip without fast start really had its index last", async () => {
    const boxes = await topLevelBoxes(clips["ready.mp4"]);
    expect(boxes.indexOf("moov")).toBeGreaterThan(boxes.indexOf("mdat"));
  });

  it("turns a photo upright by its EXIF orientation and fits it inside 1920 px, never enlarging", async () => {
    const photo = out("photo.jpg");
    // Stored 4000×3000 with orientation 6: a camera held upright, so it shows as 3000×4000.
    await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#c33" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toFile(photo);
    expect(await normalizeImage(photo, out("photo.webp"))).toEqual({ width: 1440, height: 1920 });
    const meta = await sharp(out("photo.webp")).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1440, height: 1920 });
    expect(meta.orientation).toBeUndefined();

    const small = out("small.png");
    await sharp({ create: { width: 800, height: 600, channels: 4, background: "#0000" } })
      .png()
      .toFile(small);
    expect(await normalizeImage(small, out("small.webp"))).toEqual({ width: 800, height: 600 });
  });

  it("hashes a file as SHA-256 of its bytes", async () => {
    const file = out("bytes.bin");
    await fs.writeFile(file, "abc");
    expect(await hashFile(file)).toEqual({
      sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
      bytes: 3,
    });
  });
});

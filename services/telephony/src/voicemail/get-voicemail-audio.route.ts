import { currentUser } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { TelephonyDeps } from "../telephony-deps";
import { getVoicemailAudio } from "./get-voicemail-audio.use-case";

/**
 * GET /api/voicemails/:id/audio: the recording with its type and length. A single byte range (what a
 * browser's <audio> asks for to seek) answers 206 with that slice; an unsatisfiable one 416; several
 * ranges, or a malformed header, the whole recording. The owner's browser may keep it a few minutes.
 */
export function getVoicemailAudioRoute(deps: TelephonyDeps): RequestHandler {
  return async (req, res) => {
    const audio = await getVoicemailAudio(deps, currentUser(res).id, String(req.params.id));
    const data = Buffer.from(audio.data.buffer, audio.data.byteOffset, audio.data.byteLength);
    const size = data.length;
    res.type(audio.contentType);
    res.setHeader("Accept-Ranges", "bytes");
    res.setHeader("Cache-Control", "private, max-age=300");
    const ranges = req.headers.range ? req.range(size, { combine: true }) : undefined;
    if (ranges === -1) {
      res.status(416).setHeader("Content-Range", `bytes */${size}`);
      res.end();
      return;
    }
    const range = Array.isArray(ranges) && ranges.type === "bytes" && ranges.length === 1 ? ranges[0] : undefined;
    if (range) {
      res.status(206).setHeader("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
      res.setHeader("Content-Length", String(range.end - range.start + 1));
      res.end(data.subarray(range.start, range.end + 1));
      return;
    }
    res.setHeader("Content-Length", String(size));
    res.end(data);
  };
}

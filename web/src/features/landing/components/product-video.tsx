import { PlayCircleFilled } from "@ant-design/icons";
import { env } from "@/config/env";

const videoType = (url: string) => (url.endsWith(".webm") ? "video/webm" : url.endsWith(".mp4") ? "video/mp4" : undefined);

/**
 * The product video (VITE_DEMO_VIDEO_URL; a .webm has its .mp4 beside it for browsers without VP9;
 * captions from VITE_DEMO_VIDEO_CAPTIONS_URL); without a video URL, an accessible placeholder.
 */
export function ProductVideo() {
  return (
    <section className="rb-section rb-section--tight" aria-labelledby="video-title">
      <div className="rb-container rb-video">
        <h2 id="video-title" className="rb-h2 rb-center">
          See Rebound in 30 seconds
        </h2>
        {env.demoVideoUrl ? (
          <video className="rb-video__frame" controls preload="none" poster="/video-poster.svg" aria-label="Rebound product video">
            <source src={env.demoVideoUrl} type={videoType(env.demoVideoUrl)} />
            {env.demoVideoUrl.endsWith(".webm") ? <source src={env.demoVideoUrl.replace(/\.webm$/, ".mp4")} type="video/mp4" /> : null}
            {env.demoVideoCaptionsUrl ? <track kind="captions" src={env.demoVideoCaptionsUrl} srcLang="en" label="English" default /> : null}
          </video>
        ) : (
          <figure className="rb-video__frame rb-video__placeholder">
            <PlayCircleFilled className="rb-video__play" aria-hidden />
            <figcaption>
              <strong>A missed call, a text 3 seconds later, a booked job.</strong>
              <span>The product video is on its way. Meanwhile, call our demo line from the top of this page to try it yourself.</span>
            </figcaption>
          </figure>
        )}
      </div>
    </section>
  );
}

const RECORDED_VIDEO = "/demo/rebound-demo.webm";
const demoVideoUrl = (import.meta.env.VITE_DEMO_VIDEO_URL as string | undefined) ?? RECORDED_VIDEO;

/** Build-time settings (Vite `VITE_*` variables), each with a default that works locally. */
export const env = {
  /** The number the landing page's tap-to-call demo dials; never printed on the landing page. */
  demoPhoneNumber: import.meta.env.VITE_DEMO_PHONE_NUMBER ?? "+18885550142",
  /** The product video the landing page embeds: by default the one recorded from the product (npm run record:demo-video); "" for none. */
  demoVideoUrl,
  /** Its English captions (WebVTT); the recorded video's own when that is the video. */
  demoVideoCaptionsUrl:
    (import.meta.env.VITE_DEMO_VIDEO_CAPTIONS_URL as string | undefined) ?? (demoVideoUrl === RECORDED_VIDEO ? "/demo/rebound-demo.vtt" : undefined),
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL ?? "support@rebound.app",
  salesEmail: import.meta.env.VITE_SALES_EMAIL ?? "sales@rebound.app",
  productName: "Rebound",
} as const;

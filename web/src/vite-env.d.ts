/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_DEMO_PHONE_NUMBER?: string;
  readonly VITE_DEMO_VIDEO_URL?: string;
  readonly VITE_DEMO_VIDEO_CAPTIONS_URL?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_SALES_EMAIL?: string;
}

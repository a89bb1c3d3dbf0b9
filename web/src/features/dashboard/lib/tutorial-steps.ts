import type { DashboardSection } from "./sections";

export interface TutorialStep {
  title: string;
  body: string;
  /** The dashboard tab shown behind this step. */
  section: DashboardSection;
}

/** The header tutorial: 7 steps, each switching the dashboard tab (docs/product.md section 2). */
export const TUTORIAL_STEPS: readonly TutorialStep[] = [
  {
    title: "Welcome to Rebound",
    body: "In the next minute you'll see how Rebound texts back every caller you miss, and where everything lives.",
    section: "how-it-works",
  },
  {
    title: "How it works",
    body: "A customer calls, your phone forwards the missed call to your Rebound number, and your caller gets a text within seconds. You keep your business number.",
    section: "how-it-works",
  },
  {
    title: "Set up call forwarding",
    body: "Pick your Rebound number, then dial one code from your business phone. It takes 2 minutes, once.",
    section: "setup",
  },
  { title: "Test it", body: "Run a test call to confirm forwarding works, or try a simulated missed call right here.", section: "test" },
  { title: "Write your message", body: "Choose a template or write your own text, with an after-hours message and your opening hours.", section: "configure" },
  { title: "See your results", body: "Calls, missed calls, texts sent, replies and the revenue you recovered, day by day.", section: "analytics" },
  { title: "You're ready", body: "Start with Setup: it's the only step between you and your first recovered lead.", section: "setup" },
];

/** The first-login welcome: 3 slides; closing it marks the tutorial seen. */
export const WELCOME_SLIDES: readonly { title: string; body: string }[] = [
  { title: "Welcome to Rebound", body: "Every call you miss now gets a friendly text within seconds, so the lead stays yours." },
  { title: "Two minutes of setup", body: "Pick your Rebound number and dial one forwarding code from your business phone. You keep your number." },
  { title: "Make it yours", body: "Write your message, set your hours and watch your results grow in Your Results." },
];

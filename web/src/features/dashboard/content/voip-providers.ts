/** VoIP services and where each keeps its "forward unanswered calls" setting (the forwarding dialog's third tab). */
export interface VoipProvider {
  name: string;
  steps: readonly string[];
}

const NUMBER = "your Rebound number";

export const VOIP_PROVIDERS: readonly VoipProvider[] = [
  {
    name: "RingCentral",
    steps: [
      "Sign in to the RingCentral app or admin portal.",
      "Open Settings > Phone > Call handling & forwarding.",
      `Under "When no one answers", forward calls to ${NUMBER}.`,
      "Save.",
    ],
  },
  {
    name: "Google Voice",
    steps: [
      "Open voice.google.com and choose Settings.",
      "Under Calls, turn on call forwarding for missed calls.",
      `Add ${NUMBER} as a linked number and verify it.`,
      "Save.",
    ],
  },
  {
    name: "Vonage Business",
    steps: [
      "Sign in to the Vonage Business admin portal.",
      "Open Extensions, pick your extension and choose Call Forwarding.",
      `Set "Forward on no answer" to ${NUMBER}.`,
      "Save.",
    ],
  },
  {
    name: "Ooma Office",
    steps: [
      "Sign in to Ooma Office Manager.",
      "Open Extensions and choose your extension.",
      `Turn on call forwarding for unanswered calls to ${NUMBER}.`,
      "Save.",
    ],
  },
  {
    name: "Nextiva",
    steps: [
      "Sign in to the Nextiva app or NextOS.",
      "Open Settings > Phone > Call forwarding.",
      `Set "Forward when no answer" and "when busy" to ${NUMBER}.`,
      "Save.",
    ],
  },
  {
    name: "8x8",
    steps: ["Sign in to the 8x8 Work app.", "Open Settings > Call forwarding rules.", `Forward calls when busy or unanswered to ${NUMBER}.`, "Save."],
  },
  {
    name: "Dialpad",
    steps: ["Open Dialpad and go to Your settings.", 'Under Calls, choose "Unanswered calls".', `Forward unanswered calls to ${NUMBER}.`, "Save."],
  },
  {
    name: "Grasshopper",
    steps: [
      "Sign in to the Grasshopper web app.",
      "Open Settings > Extensions and pick one.",
      `Add ${NUMBER} as the last forwarding number so missed calls reach it.`,
      "Save.",
    ],
  },
  {
    name: "Zoom Phone",
    steps: [
      "Sign in to the Zoom web portal.",
      "Open Phone > Settings > Call handling.",
      `Under "Call forwarding", set unanswered calls to go to ${NUMBER}.`,
      "Save.",
    ],
  },
  {
    name: "Microsoft Teams Phone",
    steps: [
      "In Teams, open Settings > Calls.",
      'Under Call answering rules, choose "If unanswered".',
      `Redirect unanswered calls to ${NUMBER}.`,
      "Close settings: it saves itself.",
    ],
  },
  {
    name: "GoTo Connect",
    steps: ["Sign in to the GoTo admin.", "Open Users, pick yours, then Call forwarding.", `Forward when no answer to ${NUMBER}.`, "Save."],
  },
  {
    name: "Aircall",
    steps: [
      "Open the Aircall dashboard and choose your number.",
      "Open Call distribution and the unanswered call step.",
      `Forward unanswered calls to ${NUMBER}.`,
      "Save.",
    ],
  },
  {
    name: "Verizon Business Digital Voice",
    steps: ["Sign in to My Business > Digital Voice.", "Open Call Forwarding > No Answer.", `Enter ${NUMBER} and the number of rings.`, "Save."],
  },
  {
    name: "Comcast Business VoiceEdge",
    steps: ["Sign in to the VoiceEdge portal.", "Open Call Forwarding No Answer.", `Turn it on and enter ${NUMBER}.`, "Save."],
  },
  {
    name: "Spectrum Business Voice",
    steps: ["Sign in to Spectrum Business Voice Manager.", "Open Call forwarding > Forward when no answer.", `Enter ${NUMBER}.`, "Save."],
  },
  { name: "Mitel", steps: ["Open your Mitel phone's or MiCollab's settings.", "Choose Call forwarding > No answer and Busy.", `Enter ${NUMBER}.`, "Save."] },
  {
    name: "Cisco Webex Calling",
    steps: ["Sign in to Webex settings.", "Open Calling > Call handling > Call forwarding.", `Forward when busy and when no answer to ${NUMBER}.`, "Save."],
  },
  {
    name: "Phone.com",
    steps: [
      "Sign in to the Phone.com control panel.",
      "Open Call Handling for your extension.",
      `Add a rule that forwards unanswered calls to ${NUMBER}.`,
      "Save.",
    ],
  },
  {
    name: "OpenPhone",
    steps: ["Open OpenPhone settings and choose your number.", "Open Call flow > Unanswered calls.", `Forward unanswered calls to ${NUMBER}.`, "Save."],
  },
  { name: "Line2", steps: ["Open Line2 and go to Settings > Call forwarding.", "Choose forwarding when unanswered.", `Enter ${NUMBER}.`, "Save."] },
];

/** Providers whose name contains the search (case-insensitive). */
export function searchProviders(query: string, providers: readonly VoipProvider[] = VOIP_PROVIDERS): VoipProvider[] {
  const needle = query.trim().toLowerCase();
  return providers.filter((provider) => provider.name.toLowerCase().includes(needle));
}

/** Carrier help lines (call from the carrier's own phone) and what forwarding costs, as text. */
export const CARRIER_HELP_LINES: readonly { carrier: string; dial: string; tollFree: string }[] = [
  { carrier: "AT&T", dial: "611", tollFree: "1-800-331-0500" },
  { carrier: "Verizon", dial: "*611", tollFree: "1-800-922-0204" },
  { carrier: "T-Mobile", dial: "611", tollFree: "1-800-937-8997" },
  { carrier: "UScellular", dial: "611", tollFree: "1-888-944-9400" },
  { carrier: "Rogers", dial: "*611", tollFree: "1-888-764-3771" },
  { carrier: "Bell", dial: "*611", tollFree: "1-866-310-2355" },
  { carrier: "TELUS", dial: "*611", tollFree: "1-866-558-2273" },
];

export const FORWARDING_COSTS: readonly string[] = [
  "Most US and Canadian mobile plans include conditional call forwarding at no extra cost.",
  "A forwarded call can use your plan's minutes for the forwarded leg, like any outgoing call.",
  "Some landline plans charge a small monthly fee or a per-use fee for call forwarding: ask your carrier.",
  "VoIP services include forwarding in every plan we know of.",
];

/** Call forwarding codes (docs/product.md section 9). `{number}` is where the Rebound number goes. */
export interface ForwardingCode {
  purpose: string;
  activate: string;
  deactivate?: string;
  status?: string;
  note?: string;
}

export interface ForwardingTable {
  id: string;
  title: string;
  intro: string;
  codes: ForwardingCode[];
}

export const FORWARDING_TABLES: ForwardingTable[] = [
  {
    id: "mobile",
    title: "Mobile phones (GSM: AT&T, T-Mobile and most carriers)",
    intro: "Dial the code from your business mobile and press call. You'll hear or see a confirmation.",
    codes: [
      { purpose: "All three: no answer, busy and unreachable", activate: "**004*{number}#", deactivate: "##004#", status: "*#004#", note: "Recommended" },
      { purpose: "No answer", activate: "**61*{number}#", deactivate: "##61#", status: "*#61#" },
      { purpose: "Busy", activate: "**67*{number}#", deactivate: "##67#", status: "*#67#" },
      { purpose: "Unreachable (off or no signal)", activate: "**62*{number}#", deactivate: "##62#", status: "*#62#" },
    ],
  },
  {
    id: "us-landline",
    title: "US landlines",
    intro: "Lift the handset, dial the code, and wait for the confirmation tone.",
    codes: [{ purpose: "Forward calls you don't answer", activate: "*92{number}", deactivate: "*93" }],
  },
  {
    id: "canada",
    title: "Canada (mobile and landline)",
    intro: "Most Canadian carriers use these codes.",
    codes: [
      { purpose: "All three: no answer, busy and unreachable", activate: "*004*{number}#", deactivate: "##004#", note: "Recommended" },
      { purpose: "Busy", activate: "*67*{number}#", deactivate: "##67#" },
      { purpose: "No answer", activate: "*61*{number}#", deactivate: "##61#" },
    ],
  },
  {
    id: "uk",
    title: "United Kingdom",
    intro: "For UK lines. Virgin Media codes depend on your area colour: call 1765 to check it.",
    codes: [
      { purpose: "Busy", activate: "*67*{number}#", deactivate: "#67#" },
      { purpose: "No answer (after 15 seconds)", activate: "*61*{number}#", deactivate: "#61#" },
      { purpose: "Unreachable", activate: "*62*{number}#", deactivate: "#62#" },
      { purpose: "Virgin Media, most areas", activate: "*70{number}" },
      { purpose: "Virgin Media, red areas", activate: "*21*{number}#" },
    ],
  },
];

/** The code as dialled: the placeholder shown as 'your Rebound number' until the user has one. */
export function codeWithNumber(code: string, number?: string): string {
  return code.replace("{number}", number ?? "[your Rebound number]");
}

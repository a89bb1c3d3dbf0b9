import { PLACEHOLDERS, SAMPLE_PLACEHOLDER_VALUES, renderMessage, type PlaceholderValues } from "./placeholders";
import { countSmsSegments } from "./sms-segments";

const SAMPLE = SAMPLE_PLACEHOLDER_VALUES;
const ANY_BRACKET_PAIR = /\[[\s\S]*\]/;

describe("PLACEHOLDERS", () => {
  it("given the spec, then it lists the six tokens with a key and a description each", () => {
    expect(PLACEHOLDERS.map((p) => p.token)).toEqual(["[Business Name]", "[WEBSITE]", "[EMAIL]", "[EMERGENCY_NUMBER]", "[OPEN_TIME]", "[BUSINESS_HOURS]"]);
    for (const p of PLACEHOLDERS) expect(p.description.length).toBeGreaterThan(10);
  });
  it.each(PLACEHOLDERS.map((p) => [p.token, p.key] as const))("given %s alone, when rendered with sample values, then it is the %s value", (token, key) => {
    expect(renderMessage(token, SAMPLE)).toBe(SAMPLE[key]);
  });
  it("given the sample values, then they are GSM-7 so the preview counts segments like the real SMS", () => {
    for (const value of Object.values(SAMPLE)) expect(countSmsSegments(value).encoding).toBe("GSM-7");
  });
});

describe("renderMessage", () => {
  it("given a template with every placeholder, when rendered, then each is replaced", () => {
    const template =
      "Thanks for calling [Business Name]! Visit [WEBSITE] or email [EMAIL]. Urgent? Call [EMERGENCY_NUMBER]. We're back [OPEN_TIME]. Hours: [BUSINESS_HOURS].";
    expect(renderMessage(template, SAMPLE)).toBe(
      "Thanks for calling Sunrise Services! Visit sunriseservices.com or email hello@sunriseservices.com. Urgent? Call (555) 010-0199. We're back tomorrow at 9:00 AM. Hours: Mon-Fri 9:00 AM-5:00 PM.",
    );
  });

  it.each(["[business name]", "[BUSINESS_NAME]", "[Business_Name]", "[ business  name ]", "[business-name]", "[BusinessName]"])(
    "given the spelling %s, when rendered, then it is recognised as the business name",
    (token) => {
      expect(renderMessage(`Hi from ${token}!`, { businessName: "Acme" })).toBe("Hi from Acme!");
    },
  );

  it.each([["[Website]"], ["[website]"], ["[Emergency Number]"], ["[open time]"], ["[Business Hours]"], ["[Email]"]])(
    "given the spelling %s with a value, when rendered, then it is replaced",
    (token) => {
      expect(renderMessage(token, SAMPLE)).not.toMatch(ANY_BRACKET_PAIR);
      expect(renderMessage(token, SAMPLE)).not.toBe("");
    },
  );

  it("given no business name, when it is mid-sentence, then it reads 'our team'", () => {
    expect(renderMessage("Thanks for calling [Business Name]!", {})).toBe("Thanks for calling our team!");
  });
  it("given no business name, when it starts a sentence or line, then it reads 'Our team'", () => {
    expect(renderMessage("[Business Name] will call you back.", { businessName: "" })).toBe("Our team will call you back.");
    expect(renderMessage("Sorry! [Business Name] is busy.\n[business name] will call.", {})).toBe("Sorry! Our team is busy.\nOur team will call.");
  });

  it("given no website, when it sits in its own sentence, then that sentence is left out", () => {
    const template = "Thanks for calling [Business Name]! Order online at [WEBSITE]. We'll call you back soon.";
    expect(renderMessage(template, { businessName: "Luigi's" })).toBe("Thanks for calling Luigi's! We'll call you back soon.");
  });
  it("given no emergency number, when it is the last sentence, then the message ends cleanly", () => {
    expect(renderMessage("We're closed. For emergencies, call [EMERGENCY_NUMBER]", {})).toBe("We're closed.");
  });
  it("given no open time and no hours, when they are on their own lines, then those lines go", () => {
    expect(renderMessage("Closed now.\nBack [OPEN_TIME].\nHours: [BUSINESS_HOURS]\nThanks!", { openTime: "  " })).toBe("Closed now.\nThanks!");
  });
  it("given a missing value in the only sentence, when rendered, then just the placeholder goes", () => {
    expect(renderMessage("Email us at [EMAIL] anytime", {})).toBe("Email us at anytime");
  });
  it("given a dot inside a domain, when splitting sentences, then it is not a sentence end", () => {
    expect(renderMessage("Visit acme.com or call [EMERGENCY_NUMBER]. Thanks!", {})).toBe("Thanks!");
  });

  it("given an unknown placeholder, when rendered, then it is removed but the sentence stays", () => {
    expect(renderMessage("Hi [CUSTOMER_NAME], sorry we missed you!", SAMPLE)).toBe("Hi, sorry we missed you!");
    expect(renderMessage("[Greeting], thanks for calling. [SIGNATURE]", SAMPLE)).toBe("thanks for calling.");
    expect(renderMessage("Call us ([PHONE]) today []", SAMPLE)).toBe("Call us today");
  });
  it("given nested brackets, when rendered, then the placeholder is kept without its brackets", () => {
    expect(renderMessage("[[Business Name]] here", { businessName: "Acme" })).toBe("Acme here");
    expect(renderMessage("[Call [Business Name] now]", { businessName: "Acme" })).toBe("Call Acme now");
  });
  it("given lone brackets, when rendered, then they are left as typed", () => {
    expect(renderMessage("Reply ] or [ here", {})).toBe("Reply ] or [ here");
  });
  it("given values with brackets and line breaks, when rendered, then they are made safe", () => {
    expect(renderMessage("Hi from [Business Name].", { businessName: " Joe's [Downtown]\n Deli " })).toBe("Hi from Joe's (Downtown) Deli.");
  });
  it("given a name ending in a period before a full stop, when rendered, then there is one period", () => {
    expect(renderMessage("You've reached [Business Name].", { businessName: "Smith & Co." })).toBe("You've reached Smith & Co.");
  });
  it("given messy spacing, when rendered, then whitespace is tidied", () => {
    expect(renderMessage("  Hi  there ,  friend !\n\n\n\nBye .  ", {})).toBe("Hi there, friend!\n\nBye.");
  });
  it("given the spec's default message, when rendered, then it is unchanged", () => {
    const text = "Thanks for calling! We missed your call but will get back to you soon.";
    expect(renderMessage(text, {})).toBe(text);
  });
  it("given private-use marker characters typed in the template, when rendered, then they cannot forge a value", () => {
    expect(renderMessage("a\uE000website\uE001b", SAMPLE)).toBe("awebsiteb");
  });
});

describe("renderMessage over generated templates", () => {
  // Small deterministic PRNG (mulberry32) so failures are reproducible.
  function random(seed: number): () => number {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const next = random(20260308);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;

  const known = [
    "[Business Name]",
    "[business name]",
    "[BUSINESS_NAME]",
    "[WEBSITE]",
    "[website]",
    "[ Web Site ]",
    "[EMAIL]",
    "[e-mail]",
    "[EMERGENCY_NUMBER]",
    "[emergency number]",
    "[OPEN_TIME]",
    "[Open Time]",
    "[BUSINESS_HOURS]",
    "[business_hours]",
  ];
  const unknown = ["[NAME]", "[CUSTOMER]", "[x]", "[]", "[ ]", "[[", "]]", "[", "]", "[[WEBSITE]]", "[Call [EMAIL]]", "[123]", "[Business]"];
  const words = ["Thanks", "for", "calling", "at", "visit", "call", "us", "We'll", "be", "back", "soon", "hours", "email", "Hi", "acme.com"];
  const punctuation = [".", "!", "?", ",", ":", ";", " ", "  ", "\n", "\n\n", " . ", " , ", "(", ")", "( ", " )"];
  const valueChoices = [undefined, "", "   ", "Acme", "Joe's [Deli]", "a]b[c", "[WEBSITE]", "line\nbreak", "x.com", "(555) 010-0100", "Co."];

  function template(): string {
    const parts: string[] = [];
    const length = 1 + Math.floor(next() * 14);
    for (let i = 0; i < length; i++) {
      const roll = next();
      parts.push(roll < 0.3 ? pick(known) : roll < 0.45 ? pick(unknown) : roll < 0.75 ? pick(words) : pick(punctuation));
      if (next() < 0.6) parts.push(" ");
    }
    return parts.join("");
  }
  function values(): PlaceholderValues {
    const v: PlaceholderValues = {};
    for (const p of PLACEHOLDERS) {
      const choice = pick(valueChoices);
      if (choice !== undefined) v[p.key] = choice;
    }
    return v;
  }

  it("given 5000 generated templates and value sets, when rendered, then no [...] token or untidy spacing survives", () => {
    const failures: string[] = [];
    for (let i = 0; i < 5000; i++) {
      const t = template();
      const v = values();
      const out = renderMessage(t, v);
      const problems = [
        ANY_BRACKET_PAIR.test(out) && "bracket pair",
        /[^\S\n]{2}/.test(out) && "double space",
        / [,.!?]/.test(out) && "space before punctuation",
        out !== out.trim() && "untrimmed",
        /[\uE000\uE001]/.test(out) && "marker leaked",
        renderMessage(t, v) !== out && "not deterministic",
      ].filter(Boolean);
      if (problems.length > 0) failures.push(`${JSON.stringify(t)} ${JSON.stringify(v)} => ${JSON.stringify(out)}: ${problems.join(", ")}`);
    }
    expect(failures.slice(0, 5)).toEqual([]);
  });
});

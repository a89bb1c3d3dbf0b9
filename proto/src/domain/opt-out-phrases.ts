// Plain-language opt-outs ("please stop texting me", "take me off your list"): since April
// 2025 the FCC lets a consumer revoke consent by any reasonable means. Matched on the words of
// readInboundSmsText, so case, width, punctuation, emoji and curly apostrophes do not matter.
// Ordinary messages must not match: "stop by tomorrow?", "I'll stop in at 3" and "please
// don't cancel my appointment" name no texts, and a negated request ("please don't stop
// texting me") is not one.

/** Words that add nothing around a bare opt-out word: "please stop", "STOP lol", "stop it now 🙏". */
const FILLER = new Set([
  "please",
  "pls",
  "plz",
  "plse",
  "plez",
  "pleas",
  "now",
  "right",
  "away",
  "it",
  "this",
  "that",
  "already",
  "asap",
  "immediately",
  "thanks",
  "thank",
  "you",
  "u",
  "thx",
  "ty",
  "lol",
  "lmao",
  "haha",
  "ok",
  "okay",
  "just",
  "sorry",
  "kindly",
  "hey",
  "hi",
  "hello",
  "me",
  "us",
  "again",
  "seriously",
  "omg",
  "sir",
  "maam",
  "guys",
]);

/**
 * Opt-out words that also count with filler around them, or as a sentence of their own
 * ("STOP. Wrong number"). CANCEL, END and QUIT count only as the whole message (keywords):
 * "Cancel. I found someone else" may be about an appointment.
 */
const BARE_OPT_OUTS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "UNSUB", "OPTOUT", "REVOKE"]);

/** Dropped before the phrases are matched: "STOP FUCKING TEXTING ME" is "stop texting me". */
const NOISE = new Set([
  "please",
  "pls",
  "plz",
  "plse",
  "kindly",
  "just",
  "ever",
  "fucking",
  "fuckin",
  "freaking",
  "frickin",
  "effing",
  "frigging",
  "damn",
  "bloody",
  "goddamn",
  "godamn",
]);

/** A negation right before a request turns it around ("please don't stop texting me")... */
const NEGATIONS = new Set(["dont", "not", "never", "cant", "cannot", "wont", "didnt", "doesnt", "shouldnt", "wouldnt", "couldnt"]);
/** ...unless it is a condition or a threat: "if you don't stop texting me I'll report you". */
const NEGATION_SUBJECTS = new Set(["you", "u", "if", "ya"]);

const TEXTS = "(?:texts?|txts?|texting|txting|messages?|msgs?|messaging|sms|smses|spam|notifications?)";
const ME = "(?:me|us|my (?:phone number|number|phone|cell)|this (?:phone number|number|phone))";
const DETERMINERS = "(?:(?:any|all|the|these|those|your|ur|this|of|more|further|with|such) )*";
const TEXTING = "(?:texting|txting|texing|messaging|msging|contacting|spamming|bugging|bothering|harassing)";
const SEND_TEXTS = `send (?:${ME} )?${DETERMINERS}${TEXTS}`;

interface Phrase {
  pattern: string;
  /** False when the phrase is itself negative ("do not text me"). */
  negatable: boolean;
}

const PHRASES: Phrase[] = [
  { pattern: `(?:stop|quit|cease) (?:all |the |with the |your |ur )?${TEXTING}(?: ${ME})?`, negatable: true },
  { pattern: `(?:stop|quit|cease) sending (?:${ME} )?${DETERMINERS}(?:${TEXTS}|these)`, negatable: true },
  { pattern: `(?:stop|quit|cease|end) ${DETERMINERS}${TEXTS}`, negatable: true },
  { pattern: `unsub(?:scribe)?(?: ${ME})?`, negatable: true },
  { pattern: `(?:remove|delete|erase) (?:${ME}|my (?:info|details|contact))`, negatable: true },
  { pattern: `(?:take|get) ${ME} off`, negatable: true },
  { pattern: `opt(?:ing)? (?:me |us )?out|optout`, negatable: true },
  { pattern: `(?:revoke|revoking|withdraw|withdrawing) (?:my |all |your |the )?(?:consent|permission)`, negatable: true },
  { pattern: `(?:dont|do not|never) (?:(?:text|txt|message|msg|sms|contact|spam)(?: ${ME}| again| anymore| any more)|${SEND_TEXTS})`, negatable: false },
  { pattern: `(?:dont|do not) (?:want|need) ${DETERMINERS}(?:to (?:get|receive) )?${DETERMINERS}${TEXTS}`, negatable: false },
  { pattern: `(?:dont|do not) (?:text|contact) list`, negatable: false },
  { pattern: `no (?:more|further) ${TEXTS}`, negatable: false },
  { pattern: `leave (?:me|us) alone`, negatable: false },
];

const COMPILED = PHRASES.map((phrase) => ({ ...phrase, regex: new RegExp(`(?:^| )(${phrase.pattern})(?= |$)`, "g") }));

/** The opt-out phrase the words hold, as matched (words joined by spaces), if any. */
export function matchOptOutPhrase(words: readonly string[], sentences: readonly (readonly string[])[]): string | undefined {
  for (const sentence of [words, ...sentences]) {
    if (isBareOptOut(sentence)) return sentence.join(" ");
  }
  const kept = words.filter((word) => !NOISE.has(word));
  const text = kept.join(" ");
  for (const phrase of COMPILED) {
    for (const match of text.matchAll(phrase.regex)) {
      const found = match[1] ?? "";
      const start = (match.index ?? 0) + match[0].length - found.length;
      if (
        phrase.negatable &&
        isNegated(
          text
            .slice(0, start)
            .split(" ")
            .filter((word) => word !== ""),
        )
      )
        continue;
      return found;
    }
  }
  return undefined;
}

/** Only filler besides one opt-out word, maybe repeated: "stop please", "STOP STOP STOP", "unsubscribe me". */
function isBareOptOut(words: readonly string[]): boolean {
  const meaningful = words.filter((word) => !FILLER.has(word));
  if (meaningful.length === 0) return false;
  const distinct = [...new Set(meaningful)];
  const compact = (distinct.length === 1 ? distinct : meaningful).join("").toUpperCase();
  return BARE_OPT_OUTS.has(compact);
}

function isNegated(before: readonly string[]): boolean {
  const last = before.at(-1);
  if (last === undefined || !NEGATIONS.has(last)) return false;
  const subject = last === "not" ? before.at(-3) : before.at(-2);
  return subject === undefined || !NEGATION_SUBJECTS.has(subject);
}

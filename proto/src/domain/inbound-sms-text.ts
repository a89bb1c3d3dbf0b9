// How an inbound SMS is read before it is classified: NFKC (full-width ＳＴＯＰ is STOP),
// lower case, apostrophes dropped inside words (don't -> dont, curly ones too), and every
// other run of punctuation, symbols, emoji or spacing made one separator.

const APOSTROPHES = /['’‘ʼ`´]/gu;
const SEPARATORS = /[^\p{L}\p{N}]+/gu;

export interface InboundSmsText {
  /** The words, lower case, in order. */
  words: string[];
  /** The words of each sentence (split at . ! ? and line breaks): "STOP. Wrong number" is [[stop], [wrong, number]]. */
  sentences: string[][];
  /** The words joined without separators, upper case: what a keyword is compared with ("STOP ALL", "opt-out!" -> STOPALL, OPTOUT). */
  compact: string;
}

const SENTENCE_ENDS = /[.!?\n]+/u;

const wordsOf = (text: string): string[] => text.split(SEPARATORS).filter((word) => word !== "");

export function readInboundSmsText(body: string): InboundSmsText {
  const text = body.normalize("NFKC").toLowerCase().replace(APOSTROPHES, "");
  const words = wordsOf(text);
  const sentences = text
    .split(SENTENCE_ENDS)
    .map(wordsOf)
    .filter((sentence) => sentence.length > 0);
  return { words, sentences, compact: words.join("").toUpperCase() };
}

const ENTITIES: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&amp;": "&", "&quot;": '"', "&apos;": "'" };

/** The texts of the `<Message>` verbs of a TwiML answer to an inbound SMS (Twilio sends them to the sender). */
export function twimlMessageBodies(twiml: string): string[] {
  const bodies: string[] = [];
  for (const match of twiml.matchAll(/<Message\b[^>]*>([\s\S]*?)<\/Message>/g)) {
    const inner = match[1] ?? "";
    const body = /<Body\b[^>]*>([\s\S]*?)<\/Body>/.exec(inner)?.[1] ?? inner;
    bodies.push(body.replace(/&(lt|gt|amp|quot|apos);/g, (entity) => ENTITIES[entity] ?? entity).trim());
  }
  return bodies.filter((body) => body.length > 0);
}

const OPT_OUT = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"]);
const OPT_IN = new Set(["START", "YES", "UNSTOP"]);

/** Twilio's default opt-out keywords: after STOP the carrier refuses further texts from that sender (21610). */
export function optOutChange(body: string): boolean | undefined {
  const keyword = body.trim().toUpperCase();
  if (OPT_OUT.has(keyword)) return true;
  if (OPT_IN.has(keyword)) return false;
  return undefined;
}

import { messages as pg, protocol } from "@electric-sql/pglite";

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

/**
 * The backend messages in `bytes`, up to and including the first error, as PGlite's
 * own `execProtocol` keeps them (after an error the rest is the backend catching up).
 */
export function backendMessages(bytes: Uint8Array): { messages: pg.BackendMessage[]; error?: pg.DatabaseError } {
  const messages: pg.BackendMessage[] = [];
  let error: pg.DatabaseError | undefined;
  new protocol.Parser().parse(bytes, (message) => {
    if (error) return;
    messages.push(message);
    if (message instanceof pg.DatabaseError) error = message;
  });
  return error ? { messages, error } : { messages };
}

import { useEffect, useRef } from "react";

export interface PhoneBubble {
  id: string;
  /** in: received by the caller; out: sent by the caller; event: a call. */
  kind: "in" | "out" | "event";
  text: string;
  at: number;
}

/** A phone-like message thread (the caller's view). */
export function PhoneView({ title, bubbles, empty }: { title: string; bubbles: PhoneBubble[]; empty: string }) {
  const thread = useRef<HTMLDivElement>(null);
  const last = bubbles[bubbles.length - 1]?.id;
  useEffect(() => {
    thread.current?.scrollTo({ top: thread.current.scrollHeight });
  }, [last]);
  return (
    <div className="rb-phone" data-testid="phone-view">
      <div className="rb-phone__bar">{title}</div>
      {/* Focusable, so a keyboard can scroll a long thread. */}
      <div ref={thread} className="rb-phone__thread" role="log" aria-label="Caller's phone" aria-live="polite" tabIndex={0}>
        {bubbles.length === 0 ? <p className="rb-phone__empty">{empty}</p> : null}
        {bubbles.map((bubble) =>
          bubble.kind === "event" ? (
            <p key={bubble.id} className="rb-phone__event">
              {bubble.text}
            </p>
          ) : (
            <p key={bubble.id} className={`rb-phone__bubble rb-phone__bubble--${bubble.kind}`} data-kind={bubble.kind}>
              {bubble.text}
            </p>
          ),
        )}
      </div>
    </div>
  );
}

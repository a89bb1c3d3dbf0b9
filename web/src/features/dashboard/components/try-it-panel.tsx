import { ExperimentOutlined, PhoneOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Input } from "antd";
import { isE164 } from "@rebound/contracts/domain";
import { useEffect, useRef, useState } from "react";
import { errorMessage } from "@/shared/api/client";
import { formatPhoneNumber } from "@/shared/lib/status";
import { toast } from "@/shared/ui/toast/toast-store";
import { listMessagesTo, simulateCall, simulateReply } from "../api/simulator";
import { PhoneView, type PhoneBubble } from "./phone-view";

const WATCH_MS = 20_000;
const POLL_MS = 500;
const KEYWORDS = ["STOP", "START", "HELP"] as const;

/** A fresh US test number (555-01xx is reserved for fiction), so the duplicate window never hides the demo text. */
function randomCaller(): string {
  return `+1202555${String(100 + Math.floor(Math.random() * 100)).padStart(4, "0")}`;
}

/**
 * Standalone only: a missed call from a number you type, through the carrier simulator; the
 * text arrives in a phone-like view, and STOP / START / HELP show the compliance answers.
 */
export function TryItPanel({ dedicatedNumber }: { dedicatedNumber: string }) {
  const [caller, setCaller] = useState(randomCaller);
  const [watching, setWatching] = useState(0);
  const [sent, setSent] = useState<PhoneBubble[]>([]);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const valid = isE164(caller.trim());
  const from = caller.trim();
  const messages = useQuery({
    queryKey: ["/dev/simulator/messages", from],
    queryFn: () => listMessagesTo(from),
    enabled: valid,
    refetchInterval: Date.now() < watching ? POLL_MS : false,
  });
  const stopTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(stopTimer.current), []);
  const watch = () => {
    setWatching(Date.now() + WATCH_MS);
    clearTimeout(stopTimer.current);
    stopTimer.current = setTimeout(() => setWatching(0), WATCH_MS);
    void queryClient.invalidateQueries({ queryKey: ["/dev/simulator/messages", from] });
  };

  const call = async () => {
    setBusy(true);
    try {
      await simulateCall(from, dedicatedNumber);
      setSent((list) => [...list, { id: `call-${Date.now()}`, kind: "event", text: `Missed call to ${formatPhoneNumber(dedicatedNumber)}`, at: Date.now() }]);
      watch();
    } catch (error) {
      toast({
        title: "Simulation failed",
        description: errorMessage(error, "The carrier simulator did not answer. Please try again."),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  };
  const reply = async (body: string) => {
    setSent((list) => [...list, { id: `reply-${Date.now()}`, kind: "out", text: body, at: Date.now() }]);
    try {
      await simulateReply(from, dedicatedNumber, body);
      watch();
    } catch (error) {
      toast({ title: "Reply failed", description: errorMessage(error, "The carrier simulator did not answer. Please try again."), variant: "destructive" });
    }
  };

  const received: PhoneBubble[] = (messages.data ?? [])
    .filter((message) => message.from === dedicatedNumber)
    .map((message) => ({ id: message.sid, kind: "in", text: message.body, at: Number(message.createdAt) || 0 }));
  const bubbles = [...received, ...sent].sort((a, b) => a.at - b.at);

  return (
    <section className="rb-card rb-tryit" aria-labelledby="try-it">
      <div className="rb-tryit__copy">
        <p className="rb-pill">
          <ExperimentOutlined aria-hidden /> Simulator
        </p>
        <h2 id="try-it" className="rb-h3">
          Try it now
        </h2>
        <p className="rb-muted">
          No phone needed: pretend to be a caller, miss the call, and watch your text arrive. Then reply STOP, START or HELP to see the answers your callers
          get.
        </p>
        <label htmlFor="tryit-caller" className="rb-field__label">
          Caller's number
        </label>
        <Input
          id="tryit-caller"
          value={caller}
          onChange={(event) => {
            setCaller(event.target.value);
            setSent([]);
          }}
          status={valid ? undefined : "error"}
          aria-describedby="tryit-caller-hint"
        />
        <p id="tryit-caller-hint" className="rb-hint">
          {valid ? "Any number in +1 format works: it only exists in the simulator." : "Enter the number as +1 followed by 10 digits."}
        </p>
        <Button type="primary" icon={<PhoneOutlined />} onClick={() => void call()} loading={busy} disabled={!valid}>
          Simulate a missed call
        </Button>
      </div>
      <div className="rb-tryit__phone">
        <PhoneView title={formatPhoneNumber(dedicatedNumber)} bubbles={bubbles} empty="Your caller's phone: texts show here." />
        <div className="rb-tryit__replies" role="group" aria-label="Reply as the caller">
          {KEYWORDS.map((word) => (
            <Button key={word} onClick={() => void reply(word)} disabled={!valid || received.length === 0}>
              Reply {word}
            </Button>
          ))}
        </div>
      </div>
    </section>
  );
}

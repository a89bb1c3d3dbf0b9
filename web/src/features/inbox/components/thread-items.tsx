import { AudioOutlined, CheckOutlined, ClockCircleOutlined, CloseCircleFilled, PhoneOutlined, StopOutlined } from "@ant-design/icons";
import type { ConversationItem } from "@rebound/contracts/domain";
import type { ReactNode } from "react";
import { deliveryStatus, formatDuration, formatItemTime, itemSide, NO_TRANSCRIPT, RECORDING_DELETED, systemLine } from "../lib/inbox-display";

function Time({ at }: { at: string }) {
  return <time dateTime={at}>{formatItemTime(at)}</time>;
}

/** Our text's status: a clock while queued, one tick once sent, two once delivered, red words when it failed. */
function Delivery({ status }: { status: string | undefined }) {
  const delivery = deliveryStatus(status);
  if (!delivery) return null;
  const icon: Record<typeof delivery.tone, ReactNode> = {
    pending: <ClockCircleOutlined />,
    sent: <CheckOutlined />,
    delivered: (
      <span className="rb-thread__ticks">
        <CheckOutlined />
        <CheckOutlined />
      </span>
    ),
    failed: <CloseCircleFilled />,
  };
  return (
    <span className={`rb-thread__status rb-thread__status--${delivery.tone}`} data-testid="delivery-status">
      <span aria-hidden>{icon[delivery.tone]}</span> {delivery.words}
    </span>
  );
}

const SYSTEM_ICONS: Partial<Record<ConversationItem["kind"], ReactNode>> = {
  missed_call: <PhoneOutlined />,
  opt_out: <StopOutlined />,
  opt_in: <CheckOutlined />,
};

/** Who wrote a text, for a screen reader (the side and colour say it on screen; "Automatic text" is a visible caption). */
const SPEAKERS: Partial<Record<ConversationItem["kind"], string>> = { reply_in: "Caller: ", reply_out: "You: " };

function Voicemail({ item }: { item: ConversationItem }) {
  const duration = formatDuration(item.seconds);
  const title = duration ? `Voicemail (${duration})` : "Voicemail";
  return (
    <>
      <p className="rb-thread__vm-title">
        <AudioOutlined aria-hidden /> {title}
      </p>
      {item.recordingUrl ? (
        <audio className="rb-thread__audio" controls preload="none" src={item.recordingUrl} aria-label={`Play ${title.toLowerCase()}`} />
      ) : (
        <p className="rb-thread__vm-gone">{RECORDING_DELETED}</p>
      )}
      {item.transcript?.trim() ? (
        <p className="rb-thread__transcript">
          <span className="rb-visually-hidden">Transcript: </span>
          {item.transcript.trim()}
        </p>
      ) : (
        <p className="rb-thread__transcript rb-thread__transcript--none">{NO_TRANSCRIPT}</p>
      )}
    </>
  );
}

/**
 * One thing in a thread: the caller's texts and voicemails on the left, the business's texts on the
 * right with their delivery status, missed calls and opt-out / opt-in as centered lines.
 */
export function ThreadItem({ item }: { item: ConversationItem }) {
  const side = itemSide(item.kind);
  if (side === "system") {
    return (
      <li className={`rb-thread__system rb-thread__system--${item.kind}`} data-kind={item.kind}>
        <span aria-hidden>{SYSTEM_ICONS[item.kind]}</span> {systemLine(item.kind)} · <Time at={item.at} />
      </li>
    );
  }
  const failed = side === "business" && deliveryStatus(item.status)?.tone === "failed";
  return (
    <li className={`rb-thread__item rb-thread__item--${side}`} data-kind={item.kind}>
      {item.kind === "auto_text" ? <span className="rb-thread__caption">Automatic text</span> : null}
      <div
        className={`rb-thread__bubble rb-thread__bubble--${side}${item.kind === "voicemail" ? " rb-thread__bubble--voicemail" : ""}${failed ? " rb-thread__bubble--failed" : ""}`}
      >
        {item.kind === "voicemail" ? (
          <Voicemail item={item} />
        ) : (
          <p className="rb-thread__text">
            {SPEAKERS[item.kind] ? <span className="rb-visually-hidden">{SPEAKERS[item.kind]}</span> : null}
            {item.body ?? ""}
          </p>
        )}
      </div>
      <span className="rb-thread__meta">
        <Time at={item.at} />
        {side === "business" ? <Delivery status={item.status} /> : null}
      </span>
    </li>
  );
}

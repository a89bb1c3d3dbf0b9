import { WarningOutlined } from "@ant-design/icons";
import { messageCost } from "@/shared/lib/message-cost";

/** A text's length in characters and SMS segments, with a warning when it costs more (Configure's preview, the inbox's reply box). */
export function SegmentCount({ text, id, className }: { text: string; id?: string; className?: string }) {
  const cost = messageCost(text);
  return (
    <div id={id} className={className ? `rb-segment-count ${className}` : "rb-segment-count"}>
      <p className="rb-preview__meta" data-testid="segment-count">
        {cost.characters} characters · {cost.segments} {cost.segments === 1 ? "segment" : "segments"} ({cost.encoding})
      </p>
      {cost.warning ? (
        <p className="rb-preview__warning" role="status">
          <WarningOutlined aria-hidden /> {cost.warning}
        </p>
      ) : null}
    </div>
  );
}

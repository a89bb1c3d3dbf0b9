import { WarningOutlined } from "@ant-design/icons";
import { messageCost } from "../lib/message-cost";

/** The text as your caller receives it, with its segment count and a warning when it costs more. */
export function MessagePreview({ label, text, testId }: { label: string; text: string; testId: string }) {
  const cost = messageCost(text);
  return (
    <figure className="rb-preview" data-testid={testId}>
      <figcaption className="rb-preview__label">{label}</figcaption>
      <p className="rb-phone__bubble rb-phone__bubble--in rb-preview__bubble">{text || "Your message will show here."}</p>
      <p className="rb-preview__meta">
        {cost.characters} characters · {cost.segments} {cost.segments === 1 ? "segment" : "segments"} ({cost.encoding})
      </p>
      {cost.warning ? (
        <p className="rb-preview__warning" role="status">
          <WarningOutlined aria-hidden /> {cost.warning}
        </p>
      ) : null}
    </figure>
  );
}

import { SegmentCount } from "@/shared/ui/segment-count";

/** The text as your caller receives it, with its segment count and a warning when it costs more. */
export function MessagePreview({ label, text, testId }: { label: string; text: string; testId: string }) {
  return (
    <figure className="rb-preview" data-testid={testId}>
      <figcaption className="rb-preview__label">{label}</figcaption>
      <p className="rb-phone__bubble rb-phone__bubble--in rb-preview__bubble">{text || "Your message will show here."}</p>
      <SegmentCount text={text} />
    </figure>
  );
}

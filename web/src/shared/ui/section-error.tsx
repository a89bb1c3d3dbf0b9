import { Alert, Button } from "antd";

/** A section whose data could not load: say so and offer a retry. */
export function SectionError({ onRetry, what = "your business settings" }: { onRetry: () => void; what?: string }) {
  return (
    <Alert
      type="error"
      showIcon
      title={`We couldn't load ${what}`}
      description="Check your connection and try again."
      action={<Button onClick={onRetry}>Try again</Button>}
    />
  );
}

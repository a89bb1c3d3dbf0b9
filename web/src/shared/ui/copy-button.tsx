import { CheckOutlined, CopyOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useEffect, useState } from "react";
import { toast } from "@/shared/ui/toast/toast-store";

export const COPY_FEEDBACK_MS = 2000;

/** Copies the text; the icon shows a tick for 2 seconds. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast({ title: "Copied to clipboard" });
    } catch {
      toast({ title: "Copy failed", description: "Select the code and copy it by hand.", variant: "destructive" });
    }
  };
  return (
    <Button
      type="text"
      size="middle"
      icon={copied ? <CheckOutlined /> : <CopyOutlined />}
      aria-label={copied ? `Copied ${label}` : `Copy ${label}`}
      onClick={() => void copy()}
      className={copied ? "rb-copy rb-copy--done" : "rb-copy"}
    />
  );
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

export interface EmailContent {
  /** Shown in the inbox list before the message is opened. */
  preheader: string;
  greeting: string;
  paragraphs: string[];
  button: { label: string; url: string };
  footnote: string;
}

/** Table layout with inline styles: what mail clients render reliably. */
export function renderHtml(subject: string, content: EmailContent): string {
  const paragraphs = content.paragraphs
    .map((text) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${escapeHtml(text)}</p>`)
    .join("\n");
  const url = escapeHtml(content.button.url);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:32px 0">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td style="font-size:24px;font-weight:700;color:#2563eb;padding-bottom:24px">Rebound</td></tr>
<tr><td>
<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${escapeHtml(content.greeting)}</p>
${paragraphs}
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 24px;border-radius:6px">${escapeHtml(content.button.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:20px;color:#6b7280">If the button does not work, copy this link into your browser:<br><a href="${url}" style="color:#2563eb;word-break:break-all">${url}</a></p>
<p style="margin:0;font-size:14px;line-height:20px;color:#6b7280">${escapeHtml(content.footnote)}</p>
</td></tr>
</table>
<p style="font-size:12px;color:#9ca3af;margin:16px 0 0">Rebound: missed-call text-back for small businesses</p>
</td></tr>
</table>
</body>
</html>`;
}

export function renderText(content: EmailContent): string {
  return [
    content.greeting,
    "",
    ...content.paragraphs.flatMap((text) => [text, ""]),
    `${content.button.label}: ${content.button.url}`,
    "",
    content.footnote,
    "",
    "-- ",
    "Rebound: missed-call text-back for small businesses",
  ].join("\n");
}

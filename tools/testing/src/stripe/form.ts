/** Parses Stripe's form encoding (`items[0][price]=x&metadata[plan]=y&expand[]=z`) into nested values. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const key: string | number = Array.isArray(node) ? (part === "" ? node.length : Number(part)) : part;
      const container = node as Record<string | number, unknown>;
      if (last) {
        container[key] = value;
        return;
      }
      if (container[key] === undefined) container[key] = /^\d*$/.test(parts[index + 1] ?? "") ? [] : {};
      node = container[key] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}

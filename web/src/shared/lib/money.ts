const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** US dollars with no decimals (docs/product.md section 9): 12500 -> "$12,500". */
export function formatUsd(amount: number): string {
  return usd.format(Number.isFinite(amount) ? amount : 0);
}

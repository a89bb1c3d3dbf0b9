/** The landing page's revenue widget (docs/product.md section 9). */
export interface RoiInputs {
  clientValue: number;
  missedCalls: number;
  closeRate: number;
  monthlyCost: number;
}

export const ROI_DEFAULTS: RoiInputs = { clientValue: 350, missedCalls: 20, closeRate: 30, monthlyCost: 29 };

/** Revenue missed a month = value x calls x close rate / 100. */
export function monthlyRevenueMissed({ clientValue, missedCalls, closeRate }: Pick<RoiInputs, "clientValue" | "missedCalls" | "closeRate">): number {
  return (clientValue * missedCalls * closeRate) / 100;
}

/** ROI % = (missed revenue - cost) / cost x 100, rounded; 0 when the cost is 0. */
export function roiPercent(inputs: RoiInputs): number {
  if (inputs.monthlyCost === 0) return 0;
  return Math.round(((monthlyRevenueMissed(inputs) - inputs.monthlyCost) / inputs.monthlyCost) * 100);
}

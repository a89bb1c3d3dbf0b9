import { monthlyRevenueMissed, ROI_DEFAULTS, roiPercent } from "./roi";

describe("landing ROI widget", () => {
  it("revenue missed = value x calls x close rate / 100 with the defaults 350 / 20 / 30", () => {
    expect(monthlyRevenueMissed(ROI_DEFAULTS)).toBe(2100);
  });
  it("ROI % = (missed - cost) / cost x 100, rounded; 0 when the cost is 0", () => {
    expect(roiPercent(ROI_DEFAULTS)).toBe(7141);
    expect(roiPercent({ ...ROI_DEFAULTS, monthlyCost: 0 })).toBe(0);
    expect(roiPercent({ clientValue: 100, missedCalls: 1, closeRate: 50, monthlyCost: 30 })).toBe(67);
  });
});

import { annualLoss, CALCULATOR_DEFAULTS, monthlyLoss, parseResultsSearch } from "./loss";

describe("calculator formulas", () => {
  it("monthly loss = missed calls x close rate / 100 x average value; annual = 12 x monthly", () => {
    expect(monthlyLoss(CALCULATOR_DEFAULTS)).toBe(6250);
    expect(annualLoss(CALCULATOR_DEFAULTS)).toBe(75000);
  });
  it("given missing or unreadable params, when parsed, then the results defaults 500 / 20 / 25 apply", () => {
    expect(parseResultsSearch({})).toEqual({ averageValue: 500, missedCalls: 20, closeRate: 25 });
    expect(parseResultsSearch({ averageValue: "abc", missedCalls: "-3", closeRate: "40" })).toEqual({ averageValue: 500, missedCalls: 20, closeRate: 40 });
    expect(parseResultsSearch({ averageValue: 800, missedCalls: "30", closeRate: 10 })).toEqual({ averageValue: 800, missedCalls: 30, closeRate: 10 });
  });
});

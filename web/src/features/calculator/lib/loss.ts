import { nonNegativeNumber } from "@/shared/lib/search-params";

/** The calculator page (docs/product.md section 2): inputs default to 500 / 50 / 25; results fall back to 500 / 20 / 25. */
export const CALCULATOR_DEFAULTS = { averageValue: 500, missedCalls: 50, closeRate: 25 } as const;
export const RESULTS_DEFAULTS = { averageValue: 500, missedCalls: 20, closeRate: 25 } as const;

export interface CalculatorInputs {
  averageValue: number;
  missedCalls: number;
  closeRate: number;
}

/** The results page's query params; a missing or unreadable value takes the results default. */
export function parseResultsSearch(search: Record<string, unknown>): CalculatorInputs {
  return {
    averageValue: nonNegativeNumber(search.averageValue, RESULTS_DEFAULTS.averageValue),
    missedCalls: nonNegativeNumber(search.missedCalls, RESULTS_DEFAULTS.missedCalls),
    closeRate: nonNegativeNumber(search.closeRate, RESULTS_DEFAULTS.closeRate),
  };
}

/** Monthly loss = missed calls x close rate / 100 x average value. */
export function monthlyLoss({ averageValue, missedCalls, closeRate }: CalculatorInputs): number {
  return missedCalls * (closeRate / 100) * averageValue;
}

/** Annual loss = 12 x monthly loss. */
export function annualLoss(inputs: CalculatorInputs): number {
  return monthlyLoss(inputs) * 12;
}

export const FORMULA_TEXT = "missed calls x close rate % x average value = monthly loss";

import * as domain from "./index";

describe("domain barrel", () => {
  it("given the barrel, when imported, then every public function and constant is re-exported", () => {
    const expected = [
      "TIME_ZONES",
      "DEFAULT_TIME_ZONE",
      "isSupportedTimeZone",
      "toSupportedTimeZone",
      "zonedWeekTime",
      "DAY_NAMES",
      "DEFAULT_WEEKLY_HOURS",
      "isValidTime",
      "timeToMinutes",
      "validateDayHours",
      "validateWeeklyHours",
      "isOpenAt",
      "nextOpening",
      "formatTime",
      "formatBusinessHours",
      "formatNextOpening",
      "PLACEHOLDERS",
      "SAMPLE_PLACEHOLDER_VALUES",
      "renderMessage",
      "buildPlaceholderValues",
      "countSmsSegments",
      "MAX_MESSAGE_LENGTH",
    ];
    expect(Object.keys(domain).sort()).toEqual(expected.sort());
  });
});

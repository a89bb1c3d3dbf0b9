import { classifyInboundSms } from "./inbound-sms-intent";

describe("classifyInboundSms", () => {
  describe("opt-out keywords: the whole message, any case, width, punctuation or spacing", () => {
    it.each([
      ["STOP", "STOP"],
      [" stop ", "STOP"],
      ["Stop.", "STOP"],
      ["STOP!!!", "STOP"],
      ["stop\n", "STOP"],
      ["ＳＴＯＰ", "STOP"],
      ["Ｓｔｏｐ！", "STOP"],
      ["S T O P", "STOP"],
      ["StopAll", "STOPALL"],
      ["STOP ALL", "STOPALL"],
      ["stop-all", "STOPALL"],
      ["UNSUBSCRIBE", "UNSUBSCRIBE"],
      ["Unsubscribe.", "UNSUBSCRIBE"],
      ["cancel", "CANCEL"],
      ["END", "END"],
      ["quit\n", "QUIT"],
      ["REVOKE", "REVOKE"],
      ["revoke!", "REVOKE"],
      ["OPTOUT", "OPTOUT"],
      ["OPT OUT", "OPTOUT"],
      ["opt-out", "OPTOUT"],
      ["Opt out.", "OPTOUT"],
      ["🛑 STOP 🛑", "STOP"],
    ])("reads %j as the opt-out keyword %s", (body, keyword) => {
      expect(classifyInboundSms(body)).toEqual({ kind: "opt_out", method: "keyword", matched: keyword });
    });
  });

  describe("opt-outs in plain language", () => {
    it.each([
      ["please stop texting me", "stop texting me"],
      ["Please stop texting me.", "stop texting me"],
      ["pls stop texting me lol", "stop texting me"],
      ["STOP TEXTING ME!!!", "stop texting me"],
      ["stop texting me 😡😡", "stop texting me"],
      ["Stop fucking texting me", "stop texting me"],
      ["stop messaging me", "stop messaging me"],
      ["Can you stop messaging me please", "stop messaging me"],
      ["stop sending me texts", "stop sending me texts"],
      ["Stop sending me these messages", "stop sending me these messages"],
      ["stop contacting me", "stop contacting me"],
      ["stop the texts", "stop the texts"],
      ["Stop all messages", "stop all messages"],
      ["unsubscribe me", "unsubscribe me"],
      ["Unsubscribe me please.", "unsubscribe me please"],
      ["how do I unsubscribe from this?", "unsubscribe"],
      ["remove me from your list", "remove me"],
      ["Please remove my number", "remove my number"],
      ["take me off your list", "take me off"],
      ["Take me off your mailing list thanks", "take me off"],
      ["don't text me", "dont text me"],
      ["Don’t text me again", "dont text me"],
      ["do not text me", "do not text me"],
      ["DO NOT TEXT THIS NUMBER", "do not text this number"],
      ["never text me again", "never text me"],
      ["don't send me any more texts", "dont send me any more texts"],
      ["I don't want these texts", "dont want these texts"],
      ["no more texts", "no more texts"],
      ["No more texts please!", "no more texts"],
      ["no more messages 🙏", "no more messages"],
      ["leave me alone", "leave me alone"],
      ["LEAVE ME ALONE!!", "leave me alone"],
      ["Just leave me alone lol", "leave me alone"],
      ["please stop", "please stop"],
      ["stop please", "stop please"],
      ["Stop it", "stop it"],
      ["stop stop stop", "stop stop stop"],
      ["STOP lol", "stop lol"],
      ["STOP. Wrong number", "stop"],
      ["Wrong number. Stop!", "stop"],
      ["opt me out", "opt me out"],
      ["I want to opt out", "opt out"],
      ["I revoke my consent", "revoke my consent"],
      ["If you don't stop texting me I'll report you", "stop texting me"],
      ["stop texting me, I found another plumber", "stop texting me"],
    ])("reads %j as an opt-out phrase (%s)", (body, phrase) => {
      expect(classifyInboundSms(body)).toEqual({ kind: "opt_out", method: "phrase", matched: phrase });
    });
  });

  describe("opt-in and help: keywords only, read the same way", () => {
    it.each([
      ["START", "opt_in", "START"],
      ["start.", "opt_in", "START"],
      ["Yes!", "opt_in", "YES"],
      ["ＵＮＳＴＯＰ", "opt_in", "UNSTOP"],
      ["un-stop", "opt_in", "UNSTOP"],
      ["HELP", "help", "HELP"],
      ["help?", "help", "HELP"],
      ["Info.", "help", "INFO"],
    ])("reads %j as %s (%s)", (body, kind, keyword) => {
      expect(classifyInboundSms(body)).toEqual({ kind, method: "keyword", matched: keyword });
    });
  });

  describe("ordinary messages", () => {
    it.each([
      "stop by tomorrow?",
      "Can you stop by and look at my sink?",
      "can't stop thinking about the deal",
      "I'll stop in at 3",
      "please don't cancel my appointment",
      "Please cancel my 3pm and rebook",
      "the end of the street",
      "when do you open?",
      "My pipes won't stop leaking",
      "Is there a bus stop near you?",
      "Please don't stop texting me updates",
      "Do not stop texting me, I need the reminders",
      "Can you text me the quote?",
      "You can text me anytime",
      "Please text me back",
      "text me when you're on the way",
      "I want to remove the old water heater",
      "Please take my number down and call me back",
      "Leave the key under the mat",
      "leave me a voicemail",
      "Yes please come tomorrow",
      "I'd like to start a project",
      "I need help with my furnace",
      "Stop sign at the corner is down",
      "don't unsubscribe me",
      "The water won't stop. Call me!",
      "",
      "   ",
      "🙏",
    ])("reads %j as another message", (body) => {
      expect(classifyInboundSms(body)).toEqual({ kind: "other", matched: "" });
    });
  });
});

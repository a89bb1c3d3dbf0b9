/** The ten questions the landing page and the help centre answer. */
export interface FaqEntry {
  question: string;
  answer: string;
}

export const FAQ: readonly FaqEntry[] = [
  {
    question: "How does Rebound work?",
    answer:
      "You set your phone to forward calls you don't answer to your Rebound number. When a call is missed, Rebound texts your caller back within 2-3 seconds with your message, so they know you'll get back to them instead of calling the next business on the list.",
  },
  {
    question: "Do I keep my business phone number?",
    answer:
      "Yes. Customers keep calling the number they already know. You only turn on conditional call forwarding, so calls you miss go to your dedicated Rebound number, which sends the text.",
  },
  {
    question: "How long does setup take?",
    answer:
      "About 3 minutes. Pick your Rebound number, dial the forwarding code for your carrier (our setup guide lists them), and send a test call. No app to install and no new hardware.",
  },
  {
    question: "Which phones and carriers does it work with?",
    answer:
      "Any mobile phone on a carrier that supports conditional call forwarding (AT&T, Verizon, T-Mobile and most others in the US and Canada), plus most landlines and VoIP systems. Our Call Forwarding Setup Guide has the codes.",
  },
  {
    question: "Can I change the message my callers get?",
    answer:
      "Yes. Write your own message or start from a template for your industry. Add your business name, website or booking link, and preview exactly what your caller will see before you save.",
  },
  {
    question: "What happens when a call comes in after hours?",
    answer:
      "Set your weekly hours and time zone, and Rebound sends a separate after-hours message when you're closed, such as when you open next or an emergency number.",
  },
  {
    question: "What does the $1 trial include?",
    answer:
      "Your first 14 days cost $1 and include every feature of the plan you choose. After the trial your plan's monthly or yearly price is billed automatically. Cancel anytime during the trial and you won't be charged again.",
  },
  {
    question: "Can I cancel anytime?",
    answer:
      "Yes. There are no contracts, setup fees or cancellation fees. Cancel from Billing & Plans and your account stays active until the end of the period you paid for.",
  },
  {
    question: "Will my callers be able to reply?",
    answer:
      "Your Rebound number is for missed-call texts. You can turn on an automatic reply that tells anyone who texts back how to reach you. Anyone can reply STOP to stop receiving texts.",
  },
  {
    question: "Is my customers' information safe?",
    answer:
      "We store only what the service needs (caller numbers, call times and the texts sent), encrypt it in transit, never sell it, and delete it when you close your account. See our Privacy Policy for details.",
  },
];

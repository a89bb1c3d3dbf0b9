import { CheckCircleFilled, PhoneFilled } from "@ant-design/icons";
import type { ReactNode } from "react";

function PhoneScreen({ children }: { children: ReactNode }) {
  return (
    <div className="rb-mini-phone" aria-hidden>
      <div className="rb-mini-phone__notch" />
      <div className="rb-mini-phone__screen">{children}</div>
    </div>
  );
}

/**
 * What dialing the forwarding code looks like on the owner's phone, step by step (the spec's
 * Setup screenshots), drawn with the owner's own code. The pictures are decoration; each
 * step's caption says the same in words.
 */
export function DialSteps({ code }: { code: string }) {
  return (
    <section className="rb-dial-steps" aria-labelledby="dial-steps-title">
      <h3 id="dial-steps-title" className="rb-dial-steps__title">
        On your phone
      </h3>
      <ol className="rb-dial-steps__list">
        <li className="rb-dial-step">
          <PhoneScreen>
            <span className="rb-mini-phone__label">Keypad</span>
            <span className="rb-mini-phone__dialed">{code}</span>
            <span className="rb-mini-phone__call">
              <PhoneFilled />
            </span>
          </PhoneScreen>
          <p className="rb-dial-step__caption">
            <strong>1. Dial the code</strong> in your phone's keypad, exactly as shown above.
          </p>
        </li>
        <li className="rb-dial-step">
          <PhoneScreen>
            <span className="rb-mini-phone__label">Call forwarding</span>
            <span className="rb-mini-phone__notice">Registration was successful.</span>
            <span className="rb-mini-phone__ok">OK</span>
          </PhoneScreen>
          <p className="rb-dial-step__caption">
            <strong>2. Press Call.</strong> Your phone confirms in a second or two; the wording depends on your carrier.
          </p>
        </li>
        <li className="rb-dial-step">
          <PhoneScreen>
            <span className="rb-mini-phone__done">
              <CheckCircleFilled />
            </span>
            <span className="rb-mini-phone__notice">Missed calls now go to Rebound.</span>
          </PhoneScreen>
          <p className="rb-dial-step__caption">
            <strong>3. Test it.</strong> Use Test Call Forwarding below to check a missed call reaches Rebound.
          </p>
        </li>
      </ol>
    </section>
  );
}

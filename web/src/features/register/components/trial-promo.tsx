import { GiftOutlined } from "@ant-design/icons";
import { TRIAL_DAYS } from "@rebound/contracts/domain";

export function TrialPromo() {
  return (
    <aside className="rb-promo" aria-labelledby="promo-title">
      <h2 id="promo-title" className="rb-promo__title">
        <GiftOutlined aria-hidden /> $14 Trial for Just $1
      </h2>
      <ul className="rb-checklist">
        <li>{TRIAL_DAYS} days of full access to every feature</li>
        <li>Cancel anytime during the trial</li>
        <li>Your plan is billed automatically after the trial</li>
        <li>Secure payment processing by our card provider</li>
      </ul>
    </aside>
  );
}

import { Alert } from "antd";
import { useBusiness } from "@/shared/business/get-business";
import { useTextingRegistration } from "@/shared/texting-registration/get-texting-registration";
import { REGISTRATION_CARD_ID, REGISTRATION_NOTICE_TEXT, registrationNotice } from "@/shared/texting-registration/registration-notice";
import { LinkButton } from "@/shared/ui/link-button";

/**
 * Above every dashboard section until US texting is live: the business has a US number whose
 * registration is not approved. Nothing without a number, for a Canadian one, or while either is unknown.
 */
export function TextingRegistrationBanner() {
  const business = useBusiness();
  const hasNumber = Boolean(business.data?.dedicatedTwilioNumber);
  const registration = useTextingRegistration({ enabled: hasNumber });
  const notice = registrationNotice(registration.data, hasNumber);
  if (!notice) return null;
  const text = REGISTRATION_NOTICE_TEXT[notice];
  return (
    <Alert
      type={text.tone}
      showIcon
      title={text.title}
      description={text.description}
      action={
        <LinkButton to="/app/{-$section}" params={{ section: "setup" }} hash={REGISTRATION_CARD_ID} buttonType={notice === "in-review" ? "default" : "primary"}>
          {text.action}
        </LinkButton>
      }
      className="rb-plan-alert rb-plan-banner"
      data-testid="registration-banner"
      data-notice={notice}
    />
  );
}

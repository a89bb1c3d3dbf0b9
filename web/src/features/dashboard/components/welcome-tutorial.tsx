import { MessageOutlined, PhoneOutlined, RiseOutlined } from "@ant-design/icons";
import { Button, Modal } from "antd";
import { useState } from "react";
import { useUser } from "@/shared/auth/get-user";
import { useMarkTutorialSeen } from "../api/mark-tutorial-seen";
import { WELCOME_SLIDES } from "../lib/tutorial-steps";

const ICONS = [<MessageOutlined key="m" />, <PhoneOutlined key="p" />, <RiseOutlined key="r" />];

/** The first-login tutorial: 3 slides; closing it marks it seen when the user has not seen it. */
export function WelcomeTutorial() {
  const { user } = useUser();
  const [closed, setClosed] = useState(false);
  const [index, setIndex] = useState(0);
  const markSeen = useMarkTutorialSeen();
  const open = Boolean(user && !user.hasSeenTutorial && !closed);
  const slide = WELCOME_SLIDES[index] ?? WELCOME_SLIDES[0]!;
  const close = () => {
    setClosed(true);
    if (user && !user.hasSeenTutorial) markSeen.mutate();
  };
  const last = index === WELCOME_SLIDES.length - 1;
  return (
    <Modal
      open={open}
      onCancel={close}
      title={slide.title}
      closable={{ "aria-label": "Close welcome tutorial" }}
      footer={
        <div className="rb-tutorial__footer">
          <Button onClick={() => setIndex(index - 1)} disabled={index === 0}>
            Back
          </Button>
          <Button type="primary" onClick={last ? close : () => setIndex(index + 1)}>
            {last ? "Let's go" : "Next"}
          </Button>
        </div>
      }
    >
      <div className="rb-welcome">
        <span className="rb-card__icon" aria-hidden>
          {ICONS[index]}
        </span>
        <p>{slide.body}</p>
        <p className="rb-tutorial__count">
          {index + 1} of {WELCOME_SLIDES.length}
        </p>
      </div>
    </Modal>
  );
}

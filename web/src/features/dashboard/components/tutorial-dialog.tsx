import { useNavigate } from "@tanstack/react-router";
import { Button, Modal } from "antd";
import { useState } from "react";
import { TUTORIAL_STEPS } from "../lib/tutorial-steps";

/** The header tutorial: each step switches the dashboard tab; Get Started ends on setup. */
export function TutorialDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [index, setIndex] = useState(0);
  const navigate = useNavigate();
  const step = TUTORIAL_STEPS[index] ?? TUTORIAL_STEPS[0]!;
  const last = index === TUTORIAL_STEPS.length - 1;
  const go = (next: number) => {
    const target = TUTORIAL_STEPS[next];
    if (!target) return;
    setIndex(next);
    void navigate({ to: "/app/{-$section}", params: { section: target.section } });
  };
  const close = () => {
    onClose();
    setIndex(0);
  };
  return (
    <Modal
      open={open}
      onCancel={close}
      title={step.title}
      afterOpenChange={(visible) => visible && go(index)}
      footer={
        <div className="rb-tutorial__footer">
          <Button onClick={() => go(index - 1)} disabled={index === 0}>
            Previous
          </Button>
          {last ? (
            <Button
              type="primary"
              onClick={() => {
                close();
                void navigate({ to: "/app/{-$section}", params: { section: "setup" } });
              }}
            >
              Get Started
            </Button>
          ) : (
            <Button type="primary" onClick={() => go(index + 1)}>
              Next
            </Button>
          )}
        </div>
      }
    >
      <p className="rb-tutorial__count" aria-live="polite">
        Step {index + 1} of {TUTORIAL_STEPS.length}
      </p>
      <p>{step.body}</p>
      <div className="rb-tutorial__dots" aria-hidden>
        {TUTORIAL_STEPS.map((item, position) => (
          <span key={item.title + position} className={position === index ? "rb-tutorial__dot rb-tutorial__dot--on" : "rb-tutorial__dot"} />
        ))}
      </div>
    </Modal>
  );
}

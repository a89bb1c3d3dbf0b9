import { CloseOutlined } from "@ant-design/icons";
import { useEffect, useRef, type PointerEvent } from "react";
import { dismissToast, useToasts, type Toast } from "./toast-store";

const SWIPE_THRESHOLD_PX = 50;

function ToastItem({ item }: { item: Toast }) {
  const start = useRef<number | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current === null || !ref.current) return;
    const dx = Math.max(0, event.clientX - start.current);
    ref.current.style.transform = `translateX(${dx}px)`;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (start.current === null) return;
    const dx = event.clientX - start.current;
    start.current = null;
    if (dx > SWIPE_THRESHOLD_PX) dismissToast(item.id);
    else if (ref.current) ref.current.style.transform = "";
  };
  return (
    <div
      ref={ref}
      className={`rb-toast rb-toast--${item.variant}`}
      role={item.variant === "destructive" ? "alert" : "status"}
      aria-atomic="true"
      data-testid="toast"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      <div className="rb-toast__body">
        <div className="rb-toast__title">{item.title}</div>
        {item.description ? <div className="rb-toast__description">{item.description}</div> : null}
      </div>
      <button type="button" className="rb-toast__close" aria-label="Close notification" onClick={() => dismissToast(item.id)}>
        <CloseOutlined aria-hidden />
      </button>
    </div>
  );
}

/** The toast area: bottom right, at most 420 px wide; F8 moves focus to it. */
export function Toaster() {
  const toasts = useToasts();
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") region.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <section aria-label="Notifications (F8)" className="rb-toaster">
      <div ref={region} tabIndex={-1} className="rb-toaster__list">
        {toasts.map((item) => (
          <ToastItem key={item.id} item={item} />
        ))}
      </div>
    </section>
  );
}

import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorScreen } from "./error-screen";

/** Catches render errors and shows the refresh screen; the error is only logged. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("Render error", error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}

/** Uncaught errors and unhandled promise rejections are logged and swallowed (docs/product.md section 4). */
export function installGlobalErrorLogging(): void {
  window.addEventListener("error", (event) => {
    console.error("Uncaught error", event.error ?? event.message);
  });
  window.addEventListener("unhandledrejection", (event) => {
    console.error("Unhandled promise rejection", event.reason);
    event.preventDefault();
  });
}

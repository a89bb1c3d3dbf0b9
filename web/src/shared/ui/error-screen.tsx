import Button from "antd/es/button";

/** The fallback screen of the error boundary (docs/product.md section 2). */
export function ErrorScreen() {
  return (
    <main className="rb-center-screen" id="main">
      <div className="rb-center-card">
        <h1 className="rb-h2">Something went wrong</h1>
        <p className="rb-muted">The application encountered an error. Please refresh the page to continue.</p>
        <Button type="primary" size="large" onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
      </div>
    </main>
  );
}

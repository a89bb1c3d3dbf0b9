/** The product's Loading spinner, shown while the signed-in state is checked (plain CSS: it is on every first paint). */
export function FullPageSpinner() {
  return (
    <div className="rb-fullpage-spinner" role="status" aria-live="polite">
      <span className="rb-spinner" aria-hidden />
      <span className="rb-visually-hidden">Loading</span>
    </div>
  );
}

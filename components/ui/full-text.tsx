/**
 * Text that may be cut with an ellipsis, readable in full on hover (title) and on keyboard focus
 * (tabIndex; the `trunc-full` class shows it in place while focused, app/globals.css).
 */
export function FullText({ text, className = "" }: { text: string; className?: string }) {
  return (
    <span className={`trunc-full ${className}`} title={text} tabIndex={0}>
      {text}
    </span>
  );
}

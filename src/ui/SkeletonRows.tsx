/** Keeps a panel at its size while its data is not there yet (no layout jump). */
export function SkeletonRows({ rows, label }: { rows: number; label: string }) {
  return (
    <div className="skeleton" role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton__row" />
      ))}
    </div>
  );
}

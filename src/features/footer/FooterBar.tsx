/** Footer bar (spec 1 §2.7). Filled in by the footer work of issue 5. */
export function FooterBar({ base, quote }: { base: string; quote: string }) {
  return <footer id="footer-bar" className="footer-bar" data-symbol={`${base}${quote}`} />;
}

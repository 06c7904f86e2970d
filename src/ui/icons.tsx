import type { ReactNode } from 'react';

/*
 * The page's small icons, as SVG in the text colour (issue 33 part 3). A glyph such as ★, ☰ or → is not in the
 * shipped font subsets, so it came from whatever font the system had: an empty box on a system without one.
 * Decorative by default (the control carries the name); give `label` where the icon itself carries meaning.
 */
interface IconProps {
  label?: string;
  className?: string;
}

function Icon({ label, className, size = 12, children }: IconProps & { size?: number; children: ReactNode }) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <svg className={className ? `icon ${className}` : 'icon'} width={size} height={size} viewBox="0 0 12 12" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" strokeLinejoin="round" focusable="false" {...a11y}>
      {children}
    </svg>
  );
}

const STAR = 'M6 1.2l1.45 3 3.3.4-2.43 2.27.63 3.28L6 8.55 3.05 10.15l.63-3.28L1.25 4.6l3.3-.4z';

/** A favourite star: filled when the symbol is a favourite. */
export function StarIcon({ filled, ...props }: IconProps & { filled: boolean }) {
  return (
    <Icon {...props} size={14}>
      <path d={STAR} fill={filled ? 'currentColor' : 'none'} />
    </Icon>
  );
}

/** Three lines: a menu that opens. */
export function MenuIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M2 3h8M2 6h8M2 9h8" />
    </Icon>
  );
}

/** A small downward caret: a list opens below. */
export function CaretDownIcon(props: IconProps) {
  return (
    <Icon {...props} size={10}>
      <path d="M3 4.5l3 3 3-3" />
    </Icon>
  );
}

/** A column's sort: up for ascending, down for descending, both when the column is not the sort key. */
export function SortIcon({ order, ...props }: IconProps & { order: 'asc' | 'desc' | null }) {
  return (
    <Icon {...props} size={10}>
      {order !== 'desc' && <path d="M3.5 5L6 2.5 8.5 5" />}
      {order !== 'asc' && <path d="M3.5 7L6 9.5 8.5 7" />}
    </Icon>
  );
}

/** An arrow along the reading direction (mirrored in right-to-left pages by the `icon--flip` rule). */
export function ArrowForwardIcon(props: IconProps) {
  return (
    <Icon {...props} className={`icon--flip${props.className ? ` ${props.className}` : ''}`}>
      <path d="M2 6h8M7 3l3 3-3 3" />
    </Icon>
  );
}

/** An arrow against the reading direction: back. */
export function ArrowBackIcon(props: IconProps) {
  return (
    <Icon {...props} className={`icon--flip${props.className ? ` ${props.className}` : ''}`}>
      <path d="M10 6H2M5 3L2 6l3 3" />
    </Icon>
  );
}

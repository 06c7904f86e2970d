import type { ComponentPropsWithRef } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost';

export function Button({ variant = 'secondary', className, type, ...rest }: ComponentPropsWithRef<'button'> & { variant?: Variant }) {
  return <button type={type ?? 'button'} className={`btn btn--${variant}${className ? ` ${className}` : ''}`} {...rest} />;
}

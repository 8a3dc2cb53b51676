/** A screen's h1, focused when it appears so screen readers announce the new screen (error and load-error screens). */
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';

export function FocusHeading({ id, style, children }: { id: string; style?: CSSProperties; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h1 id={id} ref={heading} tabIndex={-1} style={{ outline: 'none', ...style }}>
      {children}
    </h1>
  );
}

import type { CSSProperties } from 'react';

/** Text for screen readers only: read out, not shown (the antd components have no such helper). */
export const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

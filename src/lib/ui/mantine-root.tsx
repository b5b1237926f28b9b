/**
 * Mantine's provider, theme and styles, loaded only by screens that use Mantine (see
 * mantine-boundary.tsx). Kept out of the shell's first load: it costs ~15 KB gzip of JS plus
 * its stylesheet, which the landing and information pages do not need.
 */
import '@mantine/core/styles.layer.css';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { theme } from './theme';

export default function MantineRoot({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesSelector=":root">
      {children}
    </MantineProvider>
  );
}

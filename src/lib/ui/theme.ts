import { createTheme } from '@mantine/core';

// Brand palette shared with the plain shell (link-button.module.css uses shades 6 and 7).

export const theme = createTheme({
  primaryColor: 'brand',
  colors: {
    // Brand blue around #1c5bd6 (the manifest theme colour); shade 6 is the primary.
    brand: [
      '#e8f0ff',
      '#d0ddfb',
      '#a0b9f1',
      '#6d92e9',
      '#4472e1',
      '#2b5edd',
      '#1c5bd6',
      '#1044c1',
      '#033cad',
      '#003399',
    ],
  },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  components: {
    // spec §9: tooltip default delay 0, offset 10.
    Tooltip: { defaultProps: { openDelay: 0, offset: 10 } },
  },
});

// Mantine's PostCSS preset gives rem()/light-dark() and its breakpoint variables in CSS modules;
// postcss-simple-vars is needed for `$mantine-breakpoint-*` (stack-notes: without it Vite's CSS
// minifier fails with "Invalid media query").
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '62em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
      },
    },
  },
};

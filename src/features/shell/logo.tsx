/** The product mark and name; the mark matches public/favicon.svg and the app icons. */
export function Logo() {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, fontWeight: 700 }}>
      <svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="12" fill="#1c5bd6" />
        <circle cx="32" cy="23" r="9" fill="#fff" />
        <path d="M14 50a18 14 0 0 1 36 0z" fill="#fff" />
        <path d="M43 18h7v-3l5 4-5 4v-3h-7z" fill="#fff" />
      </svg>
      <span style={{ fontSize: 20, color: '#10223f' }}>ReferralHub</span>
    </span>
  );
}

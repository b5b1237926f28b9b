import { useState } from 'react';

/**
 * spec §8: "A fixed corner button reveals the fetch error message." Plain elements and inline
 * styles on purpose: it must render even when the theme or providers are what failed.
 */
export function ErrorDetailsButton({ error }: { error: unknown }) {
  const [open, setOpen] = useState(false);
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 1000, maxWidth: 360 }}>
      {open && (
        <pre
          role="note"
          aria-label="Error message"
          style={{
            margin: '0 0 8px',
            padding: 12,
            background: '#fff',
            border: '1px solid #c92a2a',
            borderRadius: 6,
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            fontSize: 13,
            color: '#212529',
          }}
        >
          {message || 'No error message was given.'}
        </pre>
      )}
      <button
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        style={{
          float: 'right',
          padding: '8px 14px',
          borderRadius: 6,
          border: 'none',
          background: '#212529',
          color: '#fff',
          cursor: 'pointer',
          font: 'inherit',
          fontSize: 14,
        }}
      >
        {open ? 'Hide error details' : 'Show error details'}
      </button>
    </div>
  );
}

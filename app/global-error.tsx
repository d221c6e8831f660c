'use client';

// Shown when the root layout itself fails: it must render its own document.
export default function GlobalError({ reset }: { error: Error; reset: () => void }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '6rem 1.5rem' }}>
        <h1>Unexpected Application Error!</h1>
        <button type="button" onClick={reset} style={{ marginTop: '1.5rem', padding: '0.5rem 1rem' }}>
          Try again
        </button>
      </body>
    </html>
  );
}

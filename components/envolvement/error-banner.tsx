'use client';

import { createContext, useContext, useState, type ReactNode } from 'react';

const ErrorContext = createContext<(message: string | null) => void>(() => {});

/** The detail page's red banner: the last error of any action on the page. */
export function ErrorBannerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<string | null>(null);
  return (
    <ErrorContext.Provider value={setMessage}>
      {message && (
        <div
          role="alert"
          className="mb-6 flex items-start justify-between gap-4 rounded-xl bg-red-600 px-4 py-3 text-sm font-medium text-white"
        >
          <span>{message}</span>
          <button
            type="button"
            onClick={() => setMessage(null)}
            aria-label="Dismiss error"
            className="text-white/80 hover:text-white"
          >
            ✕
          </button>
        </div>
      )}
      {children}
    </ErrorContext.Provider>
  );
}

export function useReportError() {
  return useContext(ErrorContext);
}

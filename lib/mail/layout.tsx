import { Body, Container, Head, Html, Preview } from '@react-email/components';
import type { ReactNode } from 'react';

// What every e-mail of the site shares: the page, the card and the button's look.

export const emailStyles = {
  page: { backgroundColor: '#f8fafc', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' },
  card: { backgroundColor: '#ffffff', borderRadius: '12px', padding: '24px', maxWidth: '520px' },
  button: {
    backgroundColor: '#6d28d9',
    borderRadius: '8px',
    color: '#ffffff',
    fontWeight: 600,
    padding: '10px 18px',
    textDecoration: 'none',
  },
  text: { color: '#0f172a', fontSize: '14px', lineHeight: '22px' },
  lead: { color: '#0f172a', fontSize: '16px', fontWeight: 600 },
  small: { color: '#64748b', fontSize: '12px', lineHeight: '18px' },
} as const;

export function EmailLayout({ preview, children }: { preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={emailStyles.page}>
        <Container style={emailStyles.card}>{children}</Container>
      </Body>
    </Html>
  );
}

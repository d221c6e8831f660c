// The e-mails a member gets about their own membership, apart from the notifications they
// may turn off: the welcome when they join, and the receipts of what they paid and got back.

export const MEMBER_MAIL_KINDS = ['welcome', 'payment_receipt', 'refund_receipt'] as const;
export type MemberMailKind = (typeof MEMBER_MAIL_KINDS)[number];

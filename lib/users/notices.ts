/** What the app shell tells a signed-in person about their own account, if anything. */
export type AccountNotices = {
  /** The handle the site gave them, until they choose one or keep it. */
  handle: string | null;
  /** Their address, until they confirm it. */
  unconfirmedEmail: string | null;
};

/** What of a signed-in account the notices are read from (lib/auth/viewer.ts's Viewer). */
type NoticeSource = { nickname: string; handleChosen: boolean; email: string | null; emailVerified: boolean };

export function accountNotices(viewer: NoticeSource): AccountNotices {
  return {
    handle: viewer.handleChosen ? null : viewer.nickname,
    unconfirmedEmail: viewer.email && !viewer.emailVerified ? viewer.email : null,
  };
}

// A mail's HTML shown as a mail client would, where it can do nothing but be read and have
// its links followed. The sandbox gives the frame an origin of its own (no cookies, no
// access to this page), runs no script, submits no form and opens no popup on its own; a
// click may open a link in a new tab, as a normal page (so the app's links work signed in),
// or in this window when the link asks for it. The frame also keeps this page's
// Content-Security-Policy, so it loads nothing this page could not.
const SANDBOX = 'allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation';

// A link would otherwise open inside the frame, where the app's pages refuse to be framed.
const LINKS_IN_NEW_TABS = '<base target="_blank">';
// Put before the doctype, the base element would switch the document to quirks mode.
const DOCTYPE = /^\s*<!doctype[^>]*>/i;

function withLinksInNewTabs(html: string): string {
  const doctype = DOCTYPE.exec(html)?.[0] ?? '';
  return doctype + LINKS_IN_NEW_TABS + html.slice(doctype.length);
}

/** The HTML part of an e-mail in a sandboxed frame. */
export function MailFrame({ html, subject }: { html: string; subject: string }) {
  return (
    <iframe
      title={`HTML part of the e-mail: ${subject}`}
      srcDoc={withLinksInNewTabs(html)}
      sandbox={SANDBOX}
      className="block h-[28rem] w-full bg-white"
    />
  );
}

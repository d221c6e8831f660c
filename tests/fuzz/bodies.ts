import { unsubscribeToken as newsletterUnsubscribeToken } from '@/lib/newsletter/links';
import { unsubscribeToken } from '@/lib/notifications/unsubscribe';
import { creationBody, daysFromNow } from '../factories/envolvement-input';
import { WORLD_PASSWORD, type World } from './world';

type Body = Record<string, unknown>;

/** Writes that read no body. */
const NO_BODY = new Set([
  'DELETE post/[id]',
  'POST payment/refund/[purchaseId]',
  'POST user_submissions/add-user-to-submissions/[id]',
  'DELETE comments/[commentId]',
  'POST notifications/[id]/read',
  'POST notifications/read-all',
  'POST payouts/onboarding',
  'POST payouts/dashboard',
  'POST account/export',
  'DELETE account/handle-notice',
  'POST account/verification',
  'POST post/[id]/waitlist',
  'POST bench/expire-lists',
]);

export function takesBody(method: string, routeKey: string): boolean {
  return !NO_BODY.has(`${method} ${routeKey}`);
}

/**
 * A body each write accepts as it is, keyed by method and route. The fuzz breaks one field
 * at a time, so that the broken value meets the checks behind the type checks. A write
 * missing here gets every body at once (schemas drop keys they do not know).
 */
function validBodies(world: World): Record<string, Body> {
  return {
    'POST ambassador': {
      name: 'Fuzz Tester',
      email: 'ambassador@example.com',
      handle: '@fuzz',
      platform: 'YouTube',
      contentTypes: ['Gaming', 'Music'],
      platformLink: 'https://youtube.com/@fuzz',
    },
    'POST auth/password': { currentPassword: WORLD_PASSWORD, newPassword: 'correct horse battery staple' },
    'DELETE account': { password: WORLD_PASSWORD },
    'POST auth/register': {
      name: 'Fuzz Tester',
      handle: 'fuzz_register',
      email: 'register@example.com',
      password: 'correct horse battery staple',
    },
    'POST auth/forgot-password': { email: 'forgot@example.com' },
    'POST auth/reset-password': { token: world.resetToken, password: 'correct horse battery staple' },
    'POST account/email': { email: 'moved@example.com', password: WORLD_PASSWORD },
    'POST payment/create-payment-intent': { submissionId: world.paid.id },
    'POST post/[id]/updates/[postId]/comments': { body: 'A comment\r\nwith two lines' },
    'PATCH comments/[commentId]': { body: 'Edited' },
    'POST notifications/unsubscribe': { token: unsubscribeToken(world.owner.id, 'comments') },
    'PATCH account/profile': {
      name: 'Fuzz Tester',
      handle: 'fuzz_tester',
      bio: 'A bio\r\nwith two lines',
      links: ['https://example.com/fuzz'],
    },
    'PUT notifications/preferences': { members: false, updates: true, submissions: true, comments: false },
    'POST payment/grant-access': { submissionId: world.paid.id, paymentIntentId: world.paymentIntentId },
    'PUT post/[id]/active': { active: true },
    'PUT post/[id]': {
      title: 'Edited title',
      previewText: 'Edited preview\nwith two lines',
      description: 'Edited description',
      imgUrl: 'https://example.com/cover.png',
      categories: ['Gaming'],
      price: { price: 0, free: true },
      quantity: { quantity: 10, unlimited: false },
      endDate: { endDate: daysFromNow(10), none: false },
      targetEnvolvmentDate: daysFromNow(20),
      isActive: true,
      submissions: {
        submissionsAllowed: true,
        submissionsActive: true,
        submissionContent: { picture: true, description: true, url: true },
      },
      published: { published: true, publishedReleaseDate: daysFromNow(1) },
    },
    'POST post/add-comment/[id]': {
      title: 'An update',
      description: 'What happened\r\nthis week',
      imgUrl: '/uploads/covers/00000000-0000-4000-8000-000000000000.png',
    },
    'POST post/new-base-envolvement': creationBody({
      imgUrl: 'https://example.com/cover.png',
      price: { price: 5, free: false },
      quantity: { quantity: 3, unlimited: false, currentEnvolves: 0 },
      endDate: { endDate: daysFromNow(5), none: false },
      targetEnvolvmentDate: daysFromNow(6),
      submissions: {
        submissionsAllowed: true,
        submissionsActive: false,
        submissionDescription: 'Send a drawing',
        submissionDeadline: daysFromNow(4),
        submissionContent: { picture: true, description: true, url: false },
      },
    }),
    'POST user_submissions/open-submissions/[id]': { picture: true, description: true, url: false },
    'POST user_submissions/post-user-submission/[id]': {
      description: 'My entry',
      url: 'https://example.com/entry',
      picture: 'https://example.com/p.png',
    },
    'POST user_submissions/update-submission-status/[id]': {
      SubmissionProgressArray: [
        { userID: world.member.id, progress: { inReview: false, approved: true, denied: false, completed: false } },
      ],
    },
    'POST newsletter': { email: 'newsletter@example.com' },
    'POST newsletter/confirm': { token: world.newsletterToken },
    'POST newsletter/unsubscribe': { token: newsletterUnsubscribeToken('00000000-0000-4000-8000-000000000000') },
  };
}

/** The valid body of a write; null for one that reads none. */
export function validBodyOf(world: World, method: string, routeKey: string): Body | null {
  if (!takesBody(method, routeKey)) return null;
  const bodies = validBodies(world);
  return bodies[`${method} ${routeKey}`] ?? Object.assign({}, ...Object.values(bodies));
}

/** Every path into a body (`['price']`, `['price', 'price']`…), the body itself first. */
export function pathsOf(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const paths: Array<Array<string | number>> = [prefix];
  if (Array.isArray(value)) value.forEach((item, i) => paths.push(...pathsOf(item, [...prefix, i])));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) paths.push(...pathsOf(v, [...prefix, k]));
  return paths;
}

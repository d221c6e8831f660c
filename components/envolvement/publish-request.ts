// The publish request on its own, so that the page after creating (which publishes but shows
// no toggle) does not load the detail page's toggle and error banner with it.
import { api } from '@/lib/api-client';

export const PUBLISH_FAILED = 'Failed to update envolvement';

/** Sends the creator's publish or unpublish; a refusal is thrown as an ApiError. */
export async function sendPublish(envolvementId: string, active: boolean): Promise<void> {
  await api(`/api/post/${envolvementId}/active`, { method: 'PUT', json: { active }, fallback: PUBLISH_FAILED });
}

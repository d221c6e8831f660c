import 'server-only';
import Redis from 'ioredis';

export type CacheState = 'ok' | 'unavailable' | 'not configured';

/**
 * Whether the shared cache (REDIS_URL) answers PING within `timeoutMs`, on a connection of
 * its own so that the cache handler's connection, frozen or not, cannot hold the answer.
 */
export async function pingCache(timeoutMs = 500): Promise<CacheState> {
  const url = process.env.REDIS_URL;
  if (!url) return 'not configured';
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG' ? 'ok' : 'unavailable';
  } catch {
    return 'unavailable';
  } finally {
    redis.disconnect();
  }
}

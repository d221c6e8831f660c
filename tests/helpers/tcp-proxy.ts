import net from 'node:net';

/**
 * A TCP relay to a local server (PostgreSQL, Redis) that a test can cut or freeze, as a
 * network fault would: `cut` drops every connection and refuses new ones; `freeze` keeps
 * connections open and accepts new ones, but nothing crosses in either direction until
 * `restore`.
 */
export type TcpProxy = {
  port: number;
  cut: () => void;
  freeze: () => void;
  restore: () => void;
  close: () => Promise<void>;
};

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  let state: 'open' | 'cut' | 'frozen' = 'open';
  const pairs = new Set<[net.Socket, net.Socket]>();
  let held: Array<() => void> = [];

  const server = net.createServer((client) => {
    if (state === 'cut') {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    // While frozen, what arrives is held back (the sockets stay paused), as on a stuck link.
    const relay = (from: net.Socket, to: net.Socket) => {
      from.on('data', (chunk: Buffer) => {
        if (state !== 'frozen') return void to.write(chunk);
        from.pause();
        held.push(() => to.write(chunk));
      });
    };
    if (state === 'frozen') {
      client.pause();
      upstream.pause();
    }
    relay(client, upstream);
    relay(upstream, client);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of pair) {
      socket.on('error', end);
      socket.on('close', end);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const relay: TcpProxy = {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      state = 'cut';
      held = [];
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
    },
    freeze() {
      state = 'frozen';
      for (const [client, upstream] of pairs) {
        client.pause();
        upstream.pause();
      }
    },
    restore() {
      state = 'open';
      for (const flush of held) flush();
      held = [];
      for (const [client, upstream] of pairs) {
        client.resume();
        upstream.resume();
      }
    },
    async close() {
      relay.cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return relay;
}

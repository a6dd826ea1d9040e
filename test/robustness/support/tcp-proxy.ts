/**
 * A TCP proxy the test controls, standing in front of PostgreSQL: cut() resets every open connection and refuses
 * new ones (the database "went away"); restore() accepts again. The machine's PostgreSQL keeps running for the
 * other tests.
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Connections accepted so far. */
  readonly accepted: number;
  /** Local ports of the open connections to the target (PostgreSQL's pg_stat_activity.client_port). */
  upstreamPorts(): number[];
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  const upstreams = new Set<net.Socket>();
  let refusing = false;
  let accepted = 0;
  const server = net.createServer((client) => {
    if (refusing) {
      client.resetAndDestroy();
      return;
    }
    accepted++;
    const upstream = net.connect(targetPort, targetHost);
    open.add(client);
    open.add(upstream);
    upstreams.add(upstream);
    const drop = () => {
      upstreams.delete(upstream);
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    get accepted() {
      return accepted;
    },
    upstreamPorts: () => [...upstreams].map((s) => s.localPort).filter((p): p is number => typeof p === 'number'),
    cut() {
      refusing = true;
      for (const s of open) s.resetAndDestroy();
      open.clear();
    },
    restore() {
      refusing = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}

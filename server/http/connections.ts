/**
 * What each open connection is doing, for a graceful stop. Node's server.closeIdleConnections() treats a
 * connection it has just accepted, whose request is still unread in the socket buffer (the event loop was busy),
 * as idle and destroys it: the client, who sent its request before the signal, gets a reset. Here a connection is
 * only closed as idle when it has no request in progress and nothing happened on it for IDLE_GRACE_MS.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export const IDLE_GRACE_MS = 1_000;

interface State {
  active: number;
  /** When it connected, or when its last response ended. */
  lastActivity: number;
}

export interface Connections {
  /** Destroys connections without a request in progress and quiet for IDLE_GRACE_MS. */
  closeIdle(now?: number): void;
  /** How many connections the server has accepted since it started. */
  accepted(): number;
}

export function trackConnections(server: Server): Connections {
  const open = new Map<Socket, State>();
  let accepted = 0;
  server.on('connection', (socket: Socket) => {
    accepted++;
    open.set(socket, { active: 0, lastActivity: Date.now() });
    socket.once('close', () => open.delete(socket));
  });
  server.on('request', (req, res) => {
    const state = open.get(req.socket);
    if (!state) return;
    state.active++;
    res.once('close', () => {
      state.active--;
      state.lastActivity = Date.now();
    });
  });
  return {
    accepted: () => accepted,
    closeIdle(now = Date.now()) {
      for (const [socket, state] of open) {
        if (state.active === 0 && now - state.lastActivity >= IDLE_GRACE_MS) socket.destroy();
      }
    },
  };
}

import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Env } from '../env.ts';
import type { AppEnv } from './app-env.ts';

/**
 * The client address. Behind a trusted proxy the last X-Forwarded-For hop (the one the proxy appended);
 * otherwise the socket address. Requests without a socket (tests' `app.request` without a fake
 * `incoming`) get 0.0.0.0: rate limits still count them as one client, and they are never loopback.
 */
export function resolveClientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    const last = hops.at(-1);
    if (last) return last;
  }
  try {
    const address = getConnInfo(c).remote.address;
    if (address) return address;
  } catch {
    // no Node socket (app.request in tests)
  }
  return '0.0.0.0';
}

/** 127.0.0.0/8, ::1, and IPv4 loopback as a dual-stack socket reports it (::ffff:127.x.y.z). */
export function isLoopbackAddress(address: string): boolean {
  const a = address.toLowerCase();
  if (a === '::1' || a === '0:0:0:0:0:0:0:1') return true;
  const v4 = a.startsWith('::ffff:') ? a.slice('::ffff:'.length) : a;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * With TRUST_PROXY the client address is whatever the last X-Forwarded-For hop says, so the port must be
 * reachable only through the proxy. Listening beyond loopback lets anyone forge it (rate limits, the
 * outbox): a start-up warning, not a refusal, because a private network or firewall may still close it.
 */
export function findProxyBypassWarning(env: Pick<Env, 'TRUST_PROXY' | 'HOST'>): string | null {
  if (!env.TRUST_PROXY || env.HOST === 'localhost' || isLoopbackAddress(env.HOST)) return null;
  return `TRUST_PROXY=true but HOST=${env.HOST} listens beyond loopback: clients that reach this port directly can forge X-Forwarded-For (their address for rate limits and the dev outbox). Listen on 127.0.0.1 behind the proxy, or make sure only the proxy can reach the port.`;
}

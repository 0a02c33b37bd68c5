import { isIP } from './addresses';
import { addPod } from './collect';
import { asFields, type Fields, field, list, namespaceOf, type ObjectContext, str } from './objectFields';

/**
 * A `kind: Pod` object → PodInfo: the IPs (`status.podIPs`, else `podIP`), the node, whether it
 * is ready (the `Ready` condition, as the endpoints controller reads it), and `hostNetwork`
 * (such pods have their node's IP, shared with every other host-network pod there).
 */
export function collectPod(o: Fields, name: string, ctx: ObjectContext): void {
  const status = asFields(field(o, 'status'));
  const listed = list(field(status, 'podIPs')).map((p) => str(field(asFields(p), 'ip')));
  const raw = listed.length > 0 ? listed : [str(field(status, 'podIP'))];
  const ips: string[] = [];
  for (const ip of raw) {
    if (ip === null || ip === '') continue;
    if (isIP(ip)) ips.push(ip);
    else
      ctx.sink.report('kubectl/invalid-field', `podIP ${JSON.stringify(ip)} is not an IP address.`, ctx.at);
  }
  const hostNetwork = field(o, 'spec', 'hostNetwork');
  const hostIP = str(field(status, 'hostIP'));
  addPod(
    ctx.out,
    {
      namespace: namespaceOf(o, ctx),
      name,
      ips,
      nodeName: str(field(o, 'spec', 'nodeName')),
      hostIP: hostIP !== null && isIP(hostIP) ? hostIP : null,
      // The API defaults hostNetwork to false: an object read back without it is not host-network.
      hostNetwork: typeof hostNetwork === 'boolean' ? hostNetwork : field(o, 'spec') ? false : null,
      status: str(field(status, 'phase')),
      ready: readyCondition(status),
      offset: ctx.at.start,
    },
    true,
  );
}

/** `conditions[type=Ready].status`: `"True"` → true, `"False"`/`"Unknown"` → false, absent → null. */
function readyCondition(status: Fields | null): boolean | null {
  for (const c of list(field(status, 'conditions'))) {
    const cond = asFields(c);
    if (str(field(cond, 'type')) === 'Ready') return str(field(cond, 'status')) === 'True';
  }
  return null;
}

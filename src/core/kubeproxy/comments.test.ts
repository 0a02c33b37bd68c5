import { describe, expect, it } from 'vitest';
import { fixtureRuleset } from '../testing/inputs.node';
import { chainRole } from './chainNames';
import { parseKubeComment } from './comments';

describe('parseKubeComment', () => {
  it('reads every shape kube-proxy has written', () => {
    const cases: [string, string, string][] = [
      ['ns1/svc1:p80 cluster IP', 'cluster-ip', 'ns1/svc1:p80'],
      ['ns4/svc4:p80 -> 10.180.0.4:80', 'endpoint', 'ns4/svc4:p80'],
      ['ns2/svc2:p80', 'plain', 'ns2/svc2:p80'],
      ['default/web', 'plain', 'default/web'],
      ['default/nginx-ext:', 'plain', 'default/nginx-ext:'],
      ['default/nginx-ext: cluster IP', 'cluster-ip', 'default/nginx-ext:'],
      ['ns2/svc2:p80 external IP', 'external-ip', 'ns2/svc2:p80'],
      ['ns5/svc5:p80 loadbalancer IP', 'load-balancer-ip', 'ns5/svc5:p80'],
      ['ns6/svc6:p80 has no endpoints', 'no-endpoints', 'ns6/svc6:p80'],
      ['ns2/svc2:p80 has no local endpoints', 'no-local-endpoints', 'ns2/svc2:p80'],
      ['ns2/svc2:p80 health check node port', 'health-check-node-port', 'ns2/svc2:p80'],
      ['ns5/svc5:p80 traffic not accepted by KUBE-FW-NUKIZ6OKUXPJNT4C', 'firewall-drop', 'ns5/svc5:p80'],
      [
        'other traffic to ns5/svc5:p80 will be dropped by KUBE-PROXY-FIREWALL',
        'firewall-fallthrough',
        'ns5/svc5:p80',
      ],
      ['masquerade traffic for ns4/svc4:p80 external destinations', 'ext-masquerade', 'ns4/svc4:p80'],
      ['pod traffic for ns2/svc2:p80 external destinations', 'ext-pod', 'ns2/svc2:p80'],
      [
        'masquerade LOCAL traffic for ns2/svc2:p80 external destinations',
        'ext-local-masquerade',
        'ns2/svc2:p80',
      ],
      [
        'masquerade LOCAL traffic for infra/statsd:dogstatsd LB IP',
        'ext-local-masquerade',
        'infra/statsd:dogstatsd',
      ],
      ['route LOCAL traffic for ns2/svc2:p80 LB IP to service chain', 'ext-local-route', 'ns2/svc2:p80'],
      [
        'route LOCAL traffic for default/nodeport-service external destinations',
        'ext-local-route',
        'default/nodeport-service',
      ],
      ['Balancing rule 0 for default/nginx-ext:', 'balancing', 'default/nginx-ext:'],
      ['"ns1/svc1:p80 cluster IP"', 'cluster-ip', 'ns1/svc1:p80'],
    ];
    for (const [text, kind, spn] of cases) {
      const c = parseKubeComment(text);
      expect(c?.kind, text).toBe(kind);
      expect(c?.name.text, text).toBe(spn);
    }
  });

  it('splits the name and gives one key for both unnamed-port styles', () => {
    const a = parseKubeComment('default/nginx-ext:');
    const b = parseKubeComment('default/nginx-ext');
    expect(a?.name).toMatchObject({
      namespace: 'default',
      service: 'nginx-ext',
      portName: '',
      key: 'default/nginx-ext',
    });
    expect(b?.name.key).toBe(a?.name.key);
    expect(parseKubeComment('kube-system/kube-dns:dns-tcp')?.name.portName).toBe('dns-tcp');
  });

  it('keeps the endpoint and the firewall chain', () => {
    expect(parseKubeComment('ns4/svc4:p80 -> 10.180.0.4:80')?.endpoint).toBe('10.180.0.4:80');
    expect(parseKubeComment('ns5/svc5:p80 traffic not accepted by KUBE-FW-NUKIZ6OKUXPJNT4C')?.chain).toBe(
      'KUBE-FW-NUKIZ6OKUXPJNT4C',
    );
  });

  it('returns null for comments that name no Service port', () => {
    for (const text of [
      'kubernetes service portals',
      'kubernetes service nodeports; NOTE: this must be the last rule in this chain',
      'Redirect pods trying to reach external loadbalancer VIP to clusterIP',
      'kind-masq-agent: outbound traffic is subject to MASQUERADE (must be last in chain)',
      '',
      '""',
      'x'.repeat(100_000),
    ]) {
      expect(parseKubeComment(text), text.slice(0, 40)).toBeNull();
    }
  });

  it('finds a Service port mentioned in an unknown sentence', () => {
    expect(parseKubeComment('something new about ns9/svc9:web today')).toMatchObject({
      kind: 'mentions',
      name: { key: 'ns9/svc9:web' },
    });
  });
});

// The graph and the Service finder read Services from comments through this reader too (they had a
// second one, labels.ts `serviceFromComment`, until issue 10); these were its cases.
describe('the Service port a comment names (graph, finder)', () => {
  it.each([
    ['default/web cluster IP', 'default', 'web', ''],
    ['kube-system/kube-dns:dns-tcp cluster IP', 'kube-system', 'kube-dns', 'dns-tcp'],
    ['ns1/svc1:p80 -> 10.180.0.1:80', 'ns1', 'svc1', 'p80'],
    ['masquerade traffic for ns2/svc2:p80 external destinations', 'ns2', 'svc2', 'p80'],
    ['default/nginx-ext:', 'default', 'nginx-ext', ''],
  ])('%s', (comment, namespace, service, portName) => {
    expect(parseKubeComment(comment)?.name).toMatchObject({ namespace, service, portName });
  });

  it('finds a Service in every KUBE-SVC chain of the overall fixture', () => {
    const nat = fixtureRuleset('k8s-overall-rules.iptables-save.txt').tables.nat!;
    const svcs = nat.order.filter((c) => chainRole(c) === 'svc');
    expect(svcs.length).toBeGreaterThan(3);
    for (const c of svcs) {
      const comment = nat.chains[c]!.rules.find((r) => r.comment)?.comment ?? '';
      expect(parseKubeComment(comment), c).not.toBeNull();
    }
  });
});

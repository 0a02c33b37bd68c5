import { describe, expect, it } from 'vitest';
import { formatServices, type ServiceRow } from './servicesText';

const web: ServiceRow = {
  namespace: 'default',
  name: 'web',
  type: 'NodePort',
  clusterIPs: ['10.104.247.10'],
  externalIPs: [],
  loadBalancerIPs: [],
  ports: [
    {
      name: 'http',
      port: 80,
      nodePort: 30080,
      protocol: 'TCP',
      endpoints: ['10.244.0.1', '10.244.0.2', '10.244.0.3', '10.244.0.4'].map((ip) => ({ ip, port: 8080 })),
      chains: { svc: 'KUBE-SVC-LOLE4ISW44XBNF3G', seps: [] },
    },
  ],
};

describe('formatServices', () => {
  it('prints one row per Service port, like kubectl get svc, with the chain when a dump was given', () => {
    const headless: ServiceRow = { ...web, name: 'db', type: 'ClusterIP', clusterIPs: [], ports: [] };
    const text = formatServices([web, headless], [], { kubectl: 'svc.txt' }, true);
    expect(text).toBe(
      [
        'SERVICE      TYPE       CLUSTER-IP     EXTERNAL-IP  PORT               ENDPOINTS                                           CHAIN',
        'default/web  NodePort   10.104.247.10  -            http 80:30080/TCP  10.244.0.1:8080,10.244.0.2:8080,10.244.0.3:8080 +1  KUBE-SVC-LOLE4ISW44XBNF3G',
        'default/db   ClusterIP  -              -            -                  -                                                   -',
        '2 Services.',
        '',
        'No diagnostics.',
        '',
      ].join('\n'),
    );
  });

  it('leaves the chain column out without a dump and marks ports without endpoints', () => {
    const lonely: ServiceRow = {
      ...web,
      namespace: null,
      ports: [{ ...(web.ports[0] as ServiceRow['ports'][number]), endpoints: [], chains: null }],
    };
    const text = formatServices([lonely], [], {}, false);
    expect(text.split('\n')[0]).not.toContain('CHAIN');
    expect(text.split('\n')[1]).toMatch(
      /^web\s+NodePort\s+10\.104\.247\.10\s+-\s+http 80:30080\/TCP\s+\(none\)$/,
    );
  });

  it('says so when kubectl lists no Service', () => {
    expect(formatServices([], [], {}, false)).toBe('No Services.\n0 Services.\n\nNo diagnostics.\n');
  });
});

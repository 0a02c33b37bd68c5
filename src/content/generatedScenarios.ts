import { CART, CART_SINGLE, checkout, NODE_IP, SEARCH, SESSION, STOREFRONT, tcp, texts } from './generated';
import type { GalleryScenario } from './types';

const POD = '10.244.1.30';
const CLIENT = '203.0.113.7';

/** Workshop scenarios whose texts are generated from small ClusterSpecs (specs in generated.ts). */
export const GENERATED_SCENARIOS: readonly GalleryScenario[] = [
  {
    id: 'clusterip-from-pod',
    title: { en: 'ClusterIP from a pod', 'zh-CN': '从 Pod 访问 ClusterIP' },
    lesson: {
      en: 'A pod calls shop/cart at its cluster IP 10.96.120.15:80. Follow nat PREROUTING into KUBE-SERVICES: the rule matching the cluster IP and port jumps to the KUBE-SVC chain. There one statistic rule per endpoint splits new connections 50/50, and each KUBE-SEP chain DNATs to a pod on port 8080. The source is a pod inside 10.244.0.0/16, so nothing marks it for masquerade: the backend sees the real pod IP.',
      'zh-CN':
        'Pod 访问 shop/cart 的 Cluster IP 10.96.120.15:80。从 nat 表 PREROUTING 链跳到 KUBE-SERVICES 链：匹配 Cluster IP 和端口的规则会重定向到 KUBE-SVC 链。在 KUBE-SVC 链里，每个 endpoint 一条 statistic 规则，按概率实现负载均衡（各 50%），KUBE-SEP 链再通过 DNAT 转到 Pod 的 8080 端口。源地址是集群内部 10.244.0.0/16 的 Pod，没有打上 masquerade 标记，后端看到的是真实的 Pod IP。',
    },
    ...texts(CART),
    packet: tcp('pod', POD, '10.96.120.15', 80),
    promise: {
      verdict: 'ACCEPT',
      masquerade: false,
      dnat: 'some',
      endpoints: ['10.244.1.12:8080', '10.244.2.7:8080'],
    },
  },
  {
    id: 'clusterip-from-host',
    title: { en: 'ClusterIP from the node (masquerade)', 'zh-CN': '从节点访问 ClusterIP（masquerade）' },
    lesson: {
      en: 'The same Service, now called by a process on the node itself. The packet starts in nat OUTPUT, not PREROUTING, and reaches the same KUBE-SVC chain. Its source 192.168.10.11 is not inside the pod CIDR, so the `! -s 10.244.0.0/16 -j KUBE-MARK-MASQ` rule sets mark 0x4000. In POSTROUTING, KUBE-POSTROUTING sees the mark and masquerades: the pod answers to the node, which can route the reply back.',
      'zh-CN':
        '同一个 Service，这次由节点上的进程访问。数据包从 nat 表 OUTPUT 链开始（不是 PREROUTING），同样到达 KUBE-SVC 链。源地址 192.168.10.11 不在 Pod 网段内，所以 `! -s 10.244.0.0/16 -j KUBE-MARK-MASQ` 规则给它打上 0x4000 标记（跟踪数据包）。在 POSTROUTING 中，KUBE-POSTROUTING 链看到标记后做 masquerade，Pod 的回包因此能回到节点。',
    },
    ...texts(CART),
    packet: tcp('host', NODE_IP, '10.96.120.15', 80),
    promise: { verdict: 'ACCEPT', masquerade: true, dnat: 'some' },
  },
  {
    id: 'loadbalancer-source-ranges',
    title: { en: 'LoadBalancer with source ranges', 'zh-CN': '带 loadBalancerSourceRanges 的 LoadBalancer' },
    lesson: {
      en: 'shop/storefront is a LoadBalancer at 198.51.100.50 that only 203.0.113.0/25 may reach. A client at 203.0.113.200 is outside that range. In nat, the KUBE-FW chain only jumps to KUBE-EXT for allowed sources, so this packet leaves nat without DNAT. filter KUBE-PROXY-FIREWALL then DROPs it ("traffic not accepted by KUBE-FW-…"). Change the source to 203.0.113.20 and the packet is DNATed to a pod instead.',
      'zh-CN':
        'shop/storefront 是 LoadBalancer，IP 为 198.51.100.50，只允许 203.0.113.0/25 访问。客户端 203.0.113.200 不在这个范围内。nat 表的 KUBE-FW 链只把允许的源地址重定向到 KUBE-EXT 链，所以这个包离开 nat 表时没有做 DNAT。随后 filter 表的 KUBE-PROXY-FIREWALL 链将它 DROP。把源地址改成 203.0.113.20，数据包就会被 DNAT 到 Pod。',
    },
    ...texts(STOREFRONT),
    packet: tcp('external', '203.0.113.200', '198.51.100.50', 80),
    promise: { verdict: 'DROP', masquerade: false, dnat: 'none' },
  },
  {
    id: 'etp-local-with-local-endpoint',
    title: {
      en: 'externalTrafficPolicy: Local, with a local pod',
      'zh-CN': 'externalTrafficPolicy: Local（本节点有 Pod）',
    },
    lesson: {
      en: "shop/checkout has externalTrafficPolicy: Local and one of its two pods runs on this node. An external client reaches NodePort 30443: KUBE-NODEPORTS jumps to KUBE-EXT, which sends it to KUBE-SVL, the chain that lists only local endpoints. So the only outcome is the local pod, with probability 1. No KUBE-MARK-MASQ is hit: the pod sees the client's real address, which is why people choose Local.",
      'zh-CN':
        'shop/checkout 设置了 externalTrafficPolicy: Local，两个 Pod 中有一个在本节点。集群外部的客户端访问 NodePort 30443：KUBE-NODEPORTS 链重定向到 KUBE-EXT 链，再到只包含本地 endpoint 的 KUBE-SVL 链。所以唯一的结果是本地 Pod，概率为 1。整个过程没有经过 KUBE-MARK-MASQ：Pod 能看到客户端的真实地址，这正是选择 Local 的原因。',
    },
    ...texts(checkout(true)),
    packet: tcp('external', CLIENT, NODE_IP, 30443),
    promise: { verdict: 'ACCEPT', masquerade: false, dnat: 'some', endpoints: ['10.244.1.15:8443'] },
  },
  {
    id: 'etp-local-without-local-endpoint',
    title: {
      en: 'externalTrafficPolicy: Local, no local pod (DROP)',
      'zh-CN': 'externalTrafficPolicy: Local（本节点无 Pod，DROP）',
    },
    lesson: {
      en: 'The same Service, but both pods run on node-b. kube-proxy writes no KUBE-NODEPORTS rule for this port into nat, so the packet is not DNATed and is delivered to the node. In filter, KUBE-EXTERNAL-SERVICES has a rule "has no local endpoints" that DROPs it. The client sees a timeout, and the load balancer\'s health check on this node fails, so it stops sending here.',
      'zh-CN':
        '同一个 Service，但两个 Pod 都在 node-b 上。kube-proxy 不会为这个端口在 nat 表写 KUBE-NODEPORTS 规则，所以数据包没有做 DNAT，而是交给本节点。在 filter 表中，KUBE-EXTERNAL-SERVICES 链里 "has no local endpoints" 规则将它 DROP。客户端只会超时；负载均衡器对本节点的健康检查失败，就不再把流量发到这里。',
    },
    ...texts(checkout(false)),
    packet: tcp('external', CLIENT, NODE_IP, 30443),
    promise: { verdict: 'DROP', masquerade: false, dnat: 'none' },
  },
  {
    id: 'session-affinity-clientip',
    title: { en: 'Session affinity (ClientIP)', 'zh-CN': '会话保持（ClientIP）' },
    lesson: {
      en: 'shop/session has sessionAffinity: ClientIP. Look at the top of its KUBE-SVC chain: one `-m recent --rcheck --seconds 10800` rule per endpoint comes before the probability rules, and each KUBE-SEP chain records the client with `-m recent --set`. The first connection is load-balanced (1/3 each); later ones from the same client match the recent list and go to the same pod. Run the simulation with several connections and every one lands on one endpoint.',
      'zh-CN':
        'shop/session 设置了 sessionAffinity: ClientIP。看它的 KUBE-SVC 链开头：每个 endpoint 有一条 `-m recent --rcheck --seconds 10800` 规则，排在概率规则之前；每个 KUBE-SEP 链用 `-m recent --set` 记下客户端地址。第一个连接按概率负载均衡（各 1/3）；之后同一客户端的连接匹配 recent 列表，转到同一个 Pod。多次模拟连接，可以看到全部落在同一个 endpoint。',
    },
    ...texts(SESSION),
    packet: tcp('pod', POD, '10.96.77.8', 80),
    promise: { verdict: 'ACCEPT', masquerade: false, dnat: 'some', sticky: true },
  },
  {
    id: 'no-endpoints-reject',
    title: { en: 'A Service with no endpoints (REJECT)', 'zh-CN': '没有 endpoint 的 Service（REJECT）' },
    lesson: {
      en: 'shop/search has a cluster IP but no ready pod. kube-proxy writes no KUBE-SVC chain for it in nat, so the packet is not DNATed. Instead, filter KUBE-SERVICES has a rule "has no endpoints" that REJECTs it with an ICMP port-unreachable. The client gets "connection refused" at once, not a timeout: a useful clue when debugging.',
      'zh-CN':
        'shop/search 有 Cluster IP，但没有就绪的 Pod。kube-proxy 不会在 nat 表为它写 KUBE-SVC 链，所以数据包没有做 DNAT。取而代之的是 filter 表 KUBE-SERVICES 链里的 "has no endpoints" 规则，用 ICMP port-unreachable 将它 REJECT。客户端立即得到 "connection refused"，而不是超时——排查问题时这是一个有用的线索。',
    },
    ...texts(SEARCH),
    packet: tcp('pod', POD, '10.96.50.5', 80),
    promise: { verdict: 'REJECT', masquerade: false, dnat: 'none' },
  },
  {
    id: 'hairpin',
    title: { en: 'Hairpin: a pod reaches its own Service', 'zh-CN': 'Hairpin：Pod 访问自己的 Service' },
    lesson: {
      en: "The only pod of shop/cart, 10.244.1.12, calls its own Service. The KUBE-SEP chain DNATs the packet back to 10.244.1.12, its own address. Just before, the rule `-s 10.244.1.12/32 -j KUBE-MARK-MASQ` in that KUBE-SEP chain marks it. Without masquerade the pod would receive a packet from itself and answer itself directly, bypassing conntrack's reverse NAT; with it, the source becomes the node and the reply returns through the NAT.",
      'zh-CN':
        'shop/cart 唯一的 Pod 10.244.1.12 访问自己的 Service。KUBE-SEP 链通过 DNAT 把数据包送回 10.244.1.12，也就是它自己。在此之前，该 KUBE-SEP 链中的 `-s 10.244.1.12/32 -j KUBE-MARK-MASQ` 规则给它打上标记。如果不做 masquerade，Pod 收到的包源地址是自己，会直接回复自己，绕过 conntrack 的反向 NAT；做了 masquerade 后，源地址变成节点，回包能正确经过 NAT 返回。',
    },
    ...texts(CART_SINGLE),
    packet: tcp('pod', '10.244.1.12', '10.96.120.15', 80),
    promise: { verdict: 'ACCEPT', masquerade: true, dnat: 'some', endpoints: ['10.244.1.12:8080'] },
  },
];

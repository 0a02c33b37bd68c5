/** Composed inputs for the Local traffic policy tests (unit: src/core/view/podWords.test.ts; e2e/pods.spec.ts). */

/**
 * COMPOSED in kube-proxy 1.28's shape (proxier.go writeServiceToEndpointRules, the KUBE-EXT rules
 * of an eTP=Local NodePort): the seed's `default/web` made Local, two of its three endpoints on
 * this node, so KUBE-SVL holds those two.
 */
export const ETP_LOCAL = `*nat
:PREROUTING ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
:KUBE-SERVICES - [0:0]
:KUBE-NODEPORTS - [0:0]
:KUBE-MARK-MASQ - [0:0]
:KUBE-POSTROUTING - [0:0]
:KUBE-EXT-LOLE4ISW44XBNF3G - [0:0]
:KUBE-SVC-LOLE4ISW44XBNF3G - [0:0]
:KUBE-SVL-LOLE4ISW44XBNF3G - [0:0]
:KUBE-SEP-BJLXVQMD4VVYPI2H - [0:0]
:KUBE-SEP-HPW2WDDZQWHWFYBL - [0:0]
:KUBE-SEP-G4IDOWJQUQJ6MLO4 - [0:0]
-A PREROUTING -m comment --comment "kubernetes service portals" -j KUBE-SERVICES
-A OUTPUT -m comment --comment "kubernetes service portals" -j KUBE-SERVICES
-A POSTROUTING -m comment --comment "kubernetes postrouting rules" -j KUBE-POSTROUTING
-A KUBE-MARK-MASQ -j MARK --or-mark 0x4000
-A KUBE-POSTROUTING -m mark ! --mark 0x4000/0x4000 -j RETURN
-A KUBE-POSTROUTING -j MARK --xor-mark 0x4000
-A KUBE-POSTROUTING -m comment --comment "kubernetes service traffic requiring SNAT" -j MASQUERADE
-A KUBE-SERVICES -d 10.104.247.10/32 -p tcp -m comment --comment "default/web cluster IP" -m tcp --dport 80 -j KUBE-SVC-LOLE4ISW44XBNF3G
-A KUBE-SERVICES -m comment --comment "kubernetes service nodeports; NOTE: this must be the last rule in this chain" -m addrtype --dst-type LOCAL -j KUBE-NODEPORTS
-A KUBE-NODEPORTS -p tcp -m comment --comment "default/web" -m tcp --dport 31947 -j KUBE-EXT-LOLE4ISW44XBNF3G
-A KUBE-EXT-LOLE4ISW44XBNF3G -s 10.244.0.0/16 -m comment --comment "pod traffic for default/web external destinations" -j KUBE-SVC-LOLE4ISW44XBNF3G
-A KUBE-EXT-LOLE4ISW44XBNF3G -m comment --comment "masquerade LOCAL traffic for default/web external destinations" -m addrtype --src-type LOCAL -j KUBE-MARK-MASQ
-A KUBE-EXT-LOLE4ISW44XBNF3G -m comment --comment "route LOCAL traffic for default/web external destinations" -m addrtype --src-type LOCAL -j KUBE-SVC-LOLE4ISW44XBNF3G
-A KUBE-EXT-LOLE4ISW44XBNF3G -j KUBE-SVL-LOLE4ISW44XBNF3G
-A KUBE-SVC-LOLE4ISW44XBNF3G ! -s 10.244.0.0/16 -d 10.104.247.10/32 -p tcp -m comment --comment "default/web cluster IP" -m tcp --dport 80 -j KUBE-MARK-MASQ
-A KUBE-SVC-LOLE4ISW44XBNF3G -m comment --comment "default/web -> 10.244.169.161:80" -m statistic --mode random --probability 0.33333333349 -j KUBE-SEP-BJLXVQMD4VVYPI2H
-A KUBE-SVC-LOLE4ISW44XBNF3G -m comment --comment "default/web -> 10.244.169.163:80" -m statistic --mode random --probability 0.50000000000 -j KUBE-SEP-HPW2WDDZQWHWFYBL
-A KUBE-SVC-LOLE4ISW44XBNF3G -m comment --comment "default/web -> 10.244.169.165:80" -j KUBE-SEP-G4IDOWJQUQJ6MLO4
-A KUBE-SVL-LOLE4ISW44XBNF3G -m comment --comment "default/web -> 10.244.169.161:80" -m statistic --mode random --probability 0.50000000000 -j KUBE-SEP-BJLXVQMD4VVYPI2H
-A KUBE-SVL-LOLE4ISW44XBNF3G -m comment --comment "default/web -> 10.244.169.165:80" -j KUBE-SEP-G4IDOWJQUQJ6MLO4
-A KUBE-SEP-BJLXVQMD4VVYPI2H -s 10.244.169.161/32 -m comment --comment "default/web" -j KUBE-MARK-MASQ
-A KUBE-SEP-BJLXVQMD4VVYPI2H -p tcp -m comment --comment "default/web" -m tcp -j DNAT --to-destination 10.244.169.161:80
-A KUBE-SEP-HPW2WDDZQWHWFYBL -s 10.244.169.163/32 -m comment --comment "default/web" -j KUBE-MARK-MASQ
-A KUBE-SEP-HPW2WDDZQWHWFYBL -p tcp -m comment --comment "default/web" -m tcp -j DNAT --to-destination 10.244.169.163:80
-A KUBE-SEP-G4IDOWJQUQJ6MLO4 -s 10.244.169.165/32 -m comment --comment "default/web" -j KUBE-MARK-MASQ
-A KUBE-SEP-G4IDOWJQUQJ6MLO4 -p tcp -m comment --comment "default/web" -m tcp -j DNAT --to-destination 10.244.169.165:80
COMMIT
`;

/** The seed's pods with one moved to k8s-node1, and this node's kube-proxy (host network). */
export const ETP_LOCAL_PODS = `NAMESPACE     NAME                  READY   STATUS    RESTARTS   AGE   IP                NODE        NOMINATED NODE   READINESS GATES
default       web-d779974b6-9zx48   1/1     Running   0          12m   10.244.169.165    k8s-node2   <none>           <none>
default       web-d779974b6-csx2h   1/1     Running   0          12m   10.244.169.161    k8s-node2   <none>           <none>
default       web-d779974b6-hb6kw   1/1     Running   0          12m   10.244.36.4       k8s-node1   <none>           <none>
kube-system   kube-proxy-q8r4m      1/1     Running   0          27d   192.168.231.123   k8s-node2   <none>           <none>

NAMESPACE   NAME            ENDPOINTS                                               AGE
default     endpoints/web   10.244.169.161:80,10.244.36.4:80,10.244.169.165:80      12m
`;

/** This node's IP (its kube-proxy pod, host network, is on it). */
export const ETP_LOCAL_NODE_IP = '192.168.231.123';

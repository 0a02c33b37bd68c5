/**
 * 简体中文 explanations of every diagnostic code (iptables/, nftables/, kubectl/, ipvs/, ipset/, model/, trace/, share/, ui/)
 * and every tracer assumption code (trace/): what was found and what the app did about it. Core
 * messages stay English; the UI shows these beside them when the language is zh-CN. Vocabulary as
 * in zh-CN.ts and the tracer's messages: 链, 规则, 目标地址转换 DNAT, 地址伪装, 端点, 数据包.
 * codesZh.test.ts fails on a code without an explanation and on an explanation without a code.
 */

/** Added to iptables errors: the worker keeps drawing the last analysis without errors. */
const STALE = '在修正之前，链图仍显示最后一次没有错误的输入。';

export const CODE_EXPLANATIONS_ZH: Readonly<Record<string, string>> = {
  // iptables-save 解析（src/core/iptables/codes.ts）
  'iptables/unterminated-quote': `引号（"…"）在行尾之前没有闭合，iptables-restore 无法读取这一行。${STALE}`,
  'iptables/missing-value': `某个选项缺少它的值（例如 --dport 位于行尾，后面没有端口）。${STALE}`,
  'iptables/bad-address': `iptables 无法解析这个 IP 地址或 CIDR 网段。${STALE}`,
  'iptables/bad-port': `端口或端口范围不是数字，或超出 0–65535（multiport 最多列 15 个端口）。${STALE}`,
  'iptables/bad-probability': `--probability 的值不是 0 到 1 之间的数字。${STALE}`,
  'iptables/bad-number': `标记（mark）、掩码或计数不是有效的数字。${STALE}`,
  'iptables/unknown-table': `这条恢复命令（-X、-F 等）在任何表之外，它的链名也看不出属于哪张表，因此被略去（规则不会被略去：见 iptables/table-guessed）。${STALE}`,
  'iptables/bad-table': `*name 指定的表不存在（只有 filter、nat、mangle、raw、security）。${STALE}`,
  'iptables/outside-table': `链声明、规则或 COMMIT 出现在 *table … COMMIT 块之外（在 COMMIT 之后、下一个 *table 之前）。${STALE}`,
  'iptables/bad-line': `表内的这一行既不是链声明、规则、COMMIT，也不是注释（链声明的格式是 :链名 策略 [数据包数:字节数]）。${STALE}`,
  'iptables/bad-rule': `规则格式有误：-A/-I 后缺少链名，应为选项的位置出现了多余的词，或 ! 的位置不对。${STALE}`,
  'iptables/bad-policy': `内置链的默认策略只能是 ACCEPT 或 DROP（用户自定义链写 -）。${STALE}`,
  'iptables/not-save-format':
    '这是 iptables -L 的输出，它省略了规则的匹配条件，无法分析。请在节点上运行 iptables-save（或 iptables-save -t nat）并粘贴其输出。',
  'iptables/nftables-ruleset':
    '这是 nftables 规则集（nft list ruleset，kube-proxy 的 nftables 模式），目前还不支持。请粘贴 iptables 模式节点的 iptables-save 输出。',
  'iptables/binary-data': '这些行含有 NUL 或控制字符，是二进制数据而不是文本，没有被读取。',
  'iptables/missing-commit': '某张表没有以 COMMIT 结束，导出内容可能被截断；已读到的链和规则照常使用。',
  'iptables/undeclared-jump-target':
    '规则跳转到文本中不存在的链（可能是不完整的导出）；这条链被当作空链处理。',
  'iptables/duplicate-chain': '同一张表中同一条链被声明了两次；重复的声明被忽略。',
  'iptables/undeclared-chain': '表中有这条链的规则，但没有它的 :链名 声明；规则照常读取，这条链被自动创建。',
  'iptables/implied-table': '规则前没有 *table 表头：已根据 kube-proxy 的链名推断出这些规则所属的表。',
  'iptables/implied-chain':
    '这是一段规则摘录（例如 iptables-save | grep 的输出），缺少 :链名 声明；这些链是根据使用它们的规则推断出来的。',
  'iptables/skipped-line': '摘录中不是 iptables 规则的行（shell 提示符、说明文字等）已被跳过。',
  'iptables/unquoted-comment': '--comment 的值含有空格却没有加引号：后面的几个词已合并为同一条注释。',
  'iptables/list-rules-format': '这是 iptables -S 的输出：它只列出一张表，表名是根据其中的链推断出来的。',
  'iptables/too-many-diagnostics': '诊断信息超过上限（1000 条），其余的不再显示。',
  'iptables/unknown-module':
    '解析器不认识这个匹配模块（-m），按原样保留；追踪时无法判断它是否匹配，会记录一条假设。',
  'iptables/unknown-option': '解析器不认识这个选项，按原样保留。',
  'iptables/unknown-target': '解析器不认识这个目标（-j）扩展，按原样保留。',
  'iptables/restore-only': '这是 iptables-restore 输入中的命令（例如 -X 链名），已保留，但不会被执行。',
  'iptables/table-guessed':
    '这段摘录（没有 *table 表头）中没有任何内容能证明这条链属于哪张表：规则已保留在最可能的表中，但这只是推测，可能有误；粘贴完整的 iptables-save 输出即可确定。',
  'iptables/table-split':
    '这段摘录中同名链的规则只能分属不同的表（例如一条只在 nat 表中有效，另一条只在 filter 表中有效）：摘录包含了多张表中的同名链，每条规则按它自己的目标放入对应的表。',
  'iptables/jump-loop': `这些链相互跳转，形成了循环（A → B → A）：iptables-restore 会拒绝加载这样的表（ELOOP）。诊断指出了构成循环的链和闭合循环的那条跳转规则。${STALE}`,
  'iptables/nesting-too-deep':
    '从内置链出发的跳转嵌套超过了 nf_tables 的上限（跳转栈为 16 层，最多 15 次跳转）：iptables-nft 会拒绝加载这张表（“Too many links”），而 iptables-legacy 没有这个限制。',
  'iptables/nat-without-range':
    'DNAT 没有 --to-destination（或 SNAT 没有 --to-source）：内核只建立空映射，不改写数据包，但这条规则仍像 ACCEPT 一样结束当前链。通常是被截断的一行。',

  // nftables 规则集解析（src/core/nftables/codes.ts）
  'nftables/unterminated-string': `字符串（"…"）在行尾之前没有闭合，nft 无法读取这一行。${STALE}`,
  'nftables/unbalanced-brace': `这个左花括号 { 一直没有闭合（导出内容可能被截断）；已读到的表、链、集合和规则照常使用。${STALE}`,
  'nftables/unexpected-brace': `这个右花括号 } 没有对应的左花括号。${STALE}`,
  'nftables/bad-line': `这一行既不是 nft 命令（add、flush、delete …），也不是 table 块或注释，已跳过。${STALE}`,
  'nftables/bad-family': `表的协议族只能是 ip、ip6、inet、arp、bridge 或 netdev。${STALE}`,
  'nftables/bad-chain-spec': `基础链的声明应为 type 类型 hook 钩子 priority 优先级;，这里缺少某一部分或格式有误。${STALE}`,
  'nftables/bad-priority': `链的优先级既不是数字，也不是 nft(8) 为这个协议族和钩子定义的名称（例如 dstnat 只能用于 prerouting）。${STALE}`,
  'nftables/bad-set-spec': `集合或映射的属性（type、flags、timeout、size）无法读取。${STALE}`,
  'nftables/bad-element': `集合或映射中的这个元素无法读取，已跳过。${STALE}`,
  'nftables/missing-value': `某个关键字缺少它的值（例如 jump 后面没有链名，comment 后面没有字符串）。${STALE}`,
  'nftables/deep-nesting': `花括号嵌套过深，内层内容已被跳过。${STALE}`,
  'nftables/bad-json': `这不是 libnftables 格式的 JSON（{"nftables": [ … ]}），或 JSON 被截断；已读到的完整对象照常使用。${STALE}`,
  'nftables/binary-data': '这部分含有 NUL 或控制字符，是二进制数据而不是文本。',
  'nftables/undeclared-table': '命令引用的表在此之前没有被 add table 创建；这张表已被自动创建。',
  'nftables/undeclared-chain': '规则所属的链在此之前没有被 add chain 创建；这条链已被自动创建。',
  'nftables/undeclared-set': '元素所属的集合或映射在此之前没有被创建；它已被自动创建。',
  'nftables/undeclared-jump-target':
    'jump、goto 或判决映射（vmap）元素指向的链不在这张表中（可能是不完整的导出）；这条链被当作空链处理。',
  'nftables/undeclared-set-ref':
    '规则中用 @名称 查找的集合或映射不在这张表中；它被当作空集合处理（查找不会命中）。',
  'nftables/no-base-chains':
    '这张表没有基础链（没有 type … hook … 的链，可能是一段摘录）：各条链是从哪个钩子进入的，只能推断。',
  'nftables/missing-object': 'delete 或 flush 的对象在文本中不存在，这条命令没有效果。',
  'nftables/skipped-line': '列表前后的 shell 提示符或命令行（例如 $ sudo nft list ruleset）已被跳过。',
  'nftables/too-many-diagnostics': '诊断信息超过上限（1000 条），其余的不再显示。',
  'nftables/unknown-statement': '解析器不认识这个规则语句，按原样保留；追踪时会在说明的假设下处理它。',
  'nftables/unknown-object': '这是追踪不需要的表内对象（flowtable、counter、quota、ct helper 等），已跳过。',
  'nftables/iptables-nft':
    '这张表由 iptables-nft 管理：其中是被翻译成 nftables 的 iptables 规则（例如 kube-proxy 的 iptables 模式规则）；注释和部分匹配选项在列表中已丢失。',
  'nftables/xt-expression':
    '这是 iptables 扩展（xt match / xt target），nft 只显示它的名称，不显示它的选项（例如 recent 的名称和超时）。',
  'nftables/restore-only': '这是 list、reset 之类不改变规则集的命令，已保留，但不会被执行。',

  // 规则的建模（src/core/kubeproxy）
  'model/undeclared-jump-target': '规则跳转到一条不存在的链；已用一条空链代替。',
  'model/unreadable-value': '无法读取这个目标的选项，按原样保留；追踪时不模拟它的效果。',
  'model/endpoints-mismatch':
    'kubectl 的端点与 iptables 中的 KUBE-SEP 链对不上：某个就绪端点没有 KUBE-SEP 链，或某条 KUBE-SEP 链的端点不在 kubectl 中。若 kubectl 截断了端点列表，或 Service 使用 Local 流量策略，这只是一条提示。',
  'model/stale-chain':
    '过期的链：这条 Service 链属于 kubectl 没有列出的 Service，或在完整导出中没有任何规则跳转到它（大集群中 kube-proxy 只定期删除这类链）。',
  'model/service-without-rules':
    'kubectl 中这个 Service 有 cluster IP 和就绪端点，但导出的 KUBE-SERVICES 链中没有它的规则。',
  'model/hash-mismatch':
    '注释中写的 Service 端口经哈希后与链名不一致（可能是手工修改过，或来自不同版本的 kube-proxy）。',
  'model/cluster-ip-mismatch': 'kubectl 显示的 cluster IP 或端口与该 Service 在 KUBE-SERVICES 规则中的不同。',
  'model/owner-unknown':
    '找不到这条 KUBE-SVC/KUBE-SEP 链所属的 Service 端口（没有注释，kubectl 中也没有与之对应的哈希）。',
  'model/probability-gap':
    '这条链的随机概率级联没有覆盖全部情况（最后一条 KUBE-SEP 规则仍带 statistic 匹配）：一部分新连接会走到链尾而不选择任何端点。',
  'model/sep-without-dnat': '这条 KUBE-SEP 链有规则，但没有目标地址转换 DNAT 规则。',
  // CNI 与其他规则的作者（src/core/kubeproxy/chainAuthors.ts）
  'model/kube-proxy-replaced':
    '这个节点有 Cilium 的链（CILIUM_*），却没有任何 kube-proxy 的链：Cilium 以 eBPF 取代了 kube-proxy，Service 地址在 eBPF 程序中转换，这里不追踪 eBPF。追踪结果只反映这些 iptables 规则。',

  // kubectl 输出（src/core/kubectl/codes.ts）
  'kubectl/empty': '没有粘贴任何 kubectl 输出。',
  'kubectl/not-kubectl':
    '这段文字看起来不是 kubectl 的输出（kubectl get svc,ep、-o json 或 -o yaml），没有读取到任何 Service。',
  'kubectl/ignored-text': 'kubectl 输出前后不属于它的文字（说明、其他命令的输出）已被忽略。',
  'kubectl/server-warning': 'kubectl 打印的 Warning: 警告行（例如 1.33 起 v1 Endpoints 已弃用），已跳过。',
  'kubectl/server-error': 'kubectl 在这里报告了错误（Error from server … 或 error: …），这里没有可读的数据。',
  'kubectl/no-resources': 'kubectl 在这里没有找到任何资源（No resources found）。',
  'kubectl/unsupported-table': '这是其他资源（如 deployments、nodes）的表格，已跳过。',
  'kubectl/unknown-column': '这一列（如 LABELS 或自定义列）用不到，已忽略。',
  'kubectl/missing-column': 'Service/Endpoints 表格缺少必需的列（例如 PORT(S)），整张表被跳过。',
  'kubectl/row-misaligned': '表格的单元格与表头对不齐（或列间的空白被压缩了），改为按空白拆分单元格来读取。',
  'kubectl/row-columns': '这一行的单元格数与表头的列数不同，读取结果可能有误。',
  'kubectl/bad-port': '这一项不是 port[:nodePort]/协议 形式的有效端口，无法作为端口读取。',
  'kubectl/bad-endpoint': 'ENDPOINTS 中的这一项不是 ip:端口（EndpointSlice 表格中则不是地址），已跳过。',
  'kubectl/bad-address':
    'CLUSTER-IP 或 EXTERNAL-IP 中的这一项不是 IP 地址（在允许的地方也不是主机名），已忽略。',
  'kubectl/endpoints-truncated':
    'kubectl 只显示了前几个端点（“+ N more...”），其余被隐藏，与规则的对比因此不完整。粘贴 kubectl get endpointslices -o json 可看到全部端点。',
  'kubectl/endpoints-none-ready':
    'ENDPOINTS 列为空：这个 Service 有端点，但没有一个已就绪（该列只列出就绪的地址）；kube-proxy 不为未就绪的端点生成 KUBE-SEP 规则（仍在提供服务的终止中端点除外）。',
  'kubectl/external-ip-truncated':
    'kubectl 把负载均衡器地址截断成了 16 个字符，无法使用；用 -o wide 可看到完整地址。',
  'kubectl/slice-service-inferred':
    'EndpointSlice 表格只显示切片名：Service 名是从切片名（<service>-<5 个字符>）推断的；-o json 会给出 kubernetes.io/service-name 标签。',
  'kubectl/slice-readiness-assumed': 'EndpointSlice 表格不显示端点的状态：假定所有端点都已就绪。',
  'kubectl/fqdn-slice': '这是 FQDN 类型的 EndpointSlice；kube-proxy 只处理 IPv4/IPv6 切片，因此忽略它。',
  'kubectl/services-from-slices':
    '没有粘贴这些命名空间的 kubectl get svc：这些 Service 是从它们的 EndpointSlice 推断出来的。类型和 Cluster IP 未知，端口是端点的端口（Service 自己的端口可能不同）。',
  'kubectl/pod-ip-shared':
    '有多个运行中的 Pod 使用同一个 IP（使用主机网络的 Pod 共享节点的 IP），因此无法确定是哪一个 Pod 提供这个端点；-o json 中 Endpoints 的 targetRef 会给出 Pod 名。',
  'kubectl/endpoint-pod-unknown':
    '粘贴的 Pod 中没有一个使用这个端点的 IP（使用主机网络的 Pod 用的是节点的 IP，或者 Pod 列表不完整）：这些端点不标注 Pod 名，也不猜测；kubectl get pods -A -o wide 会列出所有 Pod。',
  'kubectl/slice-without-service':
    '这个 EndpointSlice 没有 kubernetes.io/service-name 标签；kube-proxy 会忽略它，这里也忽略。',
  'kubectl/json-syntax': 'JSON 格式错误；出错位置之前的完整对象仍会被读取。',
  'kubectl/yaml-syntax': 'YAML 格式错误；出错位置之前的完整对象仍会被读取。',
  'kubectl/yaml-too-large':
    '这段 YAML 太大，无法在合理时间内解析，已跳过；请改为粘贴 -o json 的输出（读取快得多）。',
  'kubectl/yaml-alias-limit':
    '这个对象中的 YAML 别名（*name）展开后超过了上限（“billion laughs” 式的文档），为防止耗尽内存，这个对象没有被读取；kubectl 输出从不包含别名。',
  'kubectl/unsupported-kind': '其他类型的对象（如 ConfigMap、Deployment），已忽略。',
  'kubectl/invalid-object': '无法使用的对象（没有 kind、没有 metadata.name，或嵌套过深），已忽略。',
  'kubectl/invalid-field': '某个字段的类型错误或取值不可能（例如不是 IP 地址、无效的端口），已忽略该字段。',
  'kubectl/duplicate-service':
    '同一个 Service 出现了不止一次：保留信息更完整的 JSON/YAML 版本，否则保留第一次出现的。',
  'kubectl/too-many-diagnostics': '诊断信息太多（超过 500 条），其余的已省略；输入仍会被完整读取。',

  // 数据包追踪：诊断与假设（src/core/trace）
  'trace/implied-kube-jumps':
    '导出中有 kube-proxy 的链，却没有从内置链跳转到它们的规则（kube-proxy 单独安装这些跳转）；追踪时假定存在 kube-proxy 的标准跳转。',
  'trace/conntrack-assumed': '仅凭数据包无法得知这个 conntrack 连接跟踪条件，假定它成立。',
  'trace/nat-skipped':
    '这不是连接的第一个数据包（连接状态不是 NEW），只有第一个数据包经过 nat 表，因此跳过了 nat 链。',
  'trace/missing-chain': '文本中没有这条链（可能是不完整的导出），它的规则未知，按空链处理。',
  'trace/loop':
    '链之间的跳转形成了环路（从内置链出发的跳转路径上同一条链出现了两次），消息中列出了环路上的链；内核不会加载这样的规则（ELOOP），追踪停止，数据包按丢弃处理。',
  'trace/chain-cut':
    '这条 kube-proxy 链看起来被截断了（或者 kube-proxy 总会写入的固定链不在文本中）：iptables-save | grep 只保留提到该 Service 的行，会删掉没有这种注释的规则。结果按粘贴的文本给出，同时也给出假定存在 kube-proxy 标准规则时的结果。',
  'trace/standard-rule-assumed':
    '文本中没有这些规则：这一组结果假定存在 kube-proxy 按标准形式写入的这些规则（消息中列出）。',
  'trace/multicast-not-forwarded':
    '目的地址是组播地址：Linux 从不转发 224.0.0.0/24（本地网络控制块，RFC 5771）内的组播，其他组播也只有运行组播路由守护进程时才会转发。假定节点上没有进程在入接口上加入这个组，因此输入路由失败，数据包在 PREROUTING 之后被丢弃；如果有成员，数据包会经 INPUT 交给本机。',
  'trace/multicast-local': '224.0.0.1（所有主机组）每个接口都会加入：数据包交给本机（INPUT），从不转发。',
  'trace/broadcast-local': '255.255.255.255 是受限广播：Linux 把它交给本机（INPUT），从不转发。',
  'trace/nesting-too-deep':
    '数据包经过的跳转嵌套超过了 nf_tables 的上限（从内置链出发最多 15 层跳转）：iptables-nft 会拒绝加载这些规则（“Too many links”），iptables-legacy 可以加载；这里按 iptables-legacy 的方式继续追踪。',
  'trace/assumed-nth-counter': 'statistic --mode nth 的计数器状态未知，假定它处于初始值。',
  'trace/assumed-in-iface': '没有指定数据包的入接口，假定为所示的接口。',
  'trace/assumed-out-iface': '没有指定数据包的出接口，假定为所示的接口。',
  'trace/assumed-sport': '没有给出源端口，假定为一个临时端口（40000）。',
  'trace/addrtype-assumed': '只有节点的路由表知道子网广播和任播地址；这个地址按所示的地址类型处理。',
  'trace/addrtype-iface': '假定这个本机地址配置在规则限定的入接口或出接口上（--limit-iface-in/out）。',
  'trace/connmark-assumed': '连接标记（ctmark）无法从导出中得知，假定为 0。',
  'trace/unknown-match': '这个匹配条件无法从导出中判断（未建模的模块），假定它不成立（取反时则成立）。',
  'trace/limit-assumed':
    '速率限制（limit/hashlimit）的状态未知，假定数据包在限速之内（--hashlimit-above 则不成立）。',
  'trace/ipset-unknown':
    '没有粘贴这个 ipset 集合的成员（ipset list），或无法据此判断：假定数据包不在集合中。',
  'trace/ipvs-mode':
    '这个节点上的 kube-proxy 运行在 IPVS 模式：Service 地址绑定在 kube-ipvs0 上、属于本机，由 IPVS（而不是这些规则）在 INPUT 之后选择后端。请粘贴 ipvsadm -Ln（以及 ipset list）的输出。',
  'trace/ipvs-table-missing':
    '这是 IPVS 虚拟地址（kube-ipvs0）：IPVS 会在这里选择真实服务器，但没有 ipvsadm -Ln 的输出无法知道是哪一个；这里按投递给本机、不做 DNAT 显示。',
  'trace/ipvs-share-unknown':
    '这个调度算法的选择取决于列表中看不到的信息（客户端地址的哈希、连接数等）：各真实服务器按相同份额显示，真实比例未知。',
  'trace/ipvs-counters': '按 ipvsadm 列出时的连接计数计算出的下一次选择；计数变化后选择也会变化。',
  'trace/ipvs-persistence':
    '会话保持（persistent，kube-proxy 的 sessionAffinity: ClientIP）：同一客户端在超时内的新连接去往同一真实服务器，份额是按客户端而不是按连接计算的。',
  'trace/ipvs-no-dnat': '这种转发方式（Route/Tunnel）不改写目的地址：真实服务器自己必须拥有这个虚拟地址。',
  'trace/ipset-timeout': '集合中的这个成员带有超时，到期前若未刷新就会消失：这里按它仍在集合中处理。',
  'trace/kube-proxy-replaced':
    'kube-proxy 已被取代：这里不追踪 eBPF。节点上只有 Cilium 的链而没有 kube-proxy 的链，Service 地址由 Cilium 的 eBPF 程序转换；这个结果只是 iptables 规则的作用。',
  'trace/physdev-assumed': '假定数据包是被路由的，而不是经网桥转发（physdev 条件不成立）。',
  'trace/socket-assumed': '假定没有匹配的本地套接字（socket 条件不成立）。',
  'trace/owner-assumed': '假定数据包不是由规则所指的进程或用户发出的（owner 条件不成立）。',
  'trace/helper-assumed': '假定连接没有使用 conntrack helper（helper 条件不成立）。',
  'trace/connlimit-assumed': '连接数未知：假定 --connlimit-upto 成立，--connlimit-above 不成立。',
  'trace/ipsec-policy-assumed': '假定没有 IPsec 策略（只有 --pol none 成立）。',
  'trace/rpfilter-assumed': '假定反向路径检查（rpfilter）通过。',
  'trace/icmp-type-assumed': '假定 ICMP 类型正是规则要求的类型。',
  'trace/invalid-packet': '数据包的地址不是有效的 IP 地址，无法追踪。',
  'trace/family-mismatch': '数据包的地址族（IPv4/IPv6）与规则的不同，任何地址条件都不会匹配。',
  'trace/assumed-ctstate-new': '没有指定连接跟踪状态：把数据包当作一个 NEW 新连接的第一个数据包。',
  'trace/ctstate-given': '指定的连接状态不是 NEW：这个连接之前建立的 NAT 绑定未知，不会显示。',
  'trace/recent-ttl-assumed': 'recent --rttl：假定 TTL 自上次命中以来没有变化。',
  'trace/recent-hitcount-assumed':
    'recent --hitcount：recent 列表只记录了该地址最后一次出现的时间，只算作一次命中。',
  'trace/queue-verdict-unknown':
    '数据包被交给用户空间程序（QUEUE/NFQUEUE），其判决未知：带 --queue-bypass 时视为接受，否则视为丢弃（没有程序监听时内核就是这样做的）。',
  'trace/redirect-address': 'REDIRECT：假定入接口的地址为所示地址，数据包被重定向到本机的这个地址。',
  'trace/unknown-target': '这个目标没有被建模，追踪时视为接受数据包。',
  'trace/nat-range-first': 'NAT 目标给出了地址或端口范围，这里只显示第一个地址和端口。',
  'trace/internal-error': '追踪器内部出错（程序缺陷），这次追踪没有可信的结果。',
  'trace/outcome-cap': '可能的结果超过 10000 个：之后的随机匹配只沿概率较大的分支继续。',
  'trace/nft-dynamic-set':
    '这个 nftables 集合由内核在连接到来时填充（会话亲和性）：按导出中列出的成员处理，不考虑过期时间。',
  'trace/nft-equal-priority':
    '两个表的基础链挂在同一个钩子上、优先级相同：内核先运行后注册的那条；导出中的顺序被当作它们的创建顺序。',
  'trace/nft-ct-mark': '连接标记（ct mark）无法从导出中得知，假定为 0。',
  'trace/nft-unknown-selector': '这个 nftables 表达式没有被建模，比较按不成立处理。',
  'trace/xt-options-assumed':
    'nft 列出的 iptables-nft 规则丢失了 xt 扩展的选项（recent、statistic、MARK 等），按 kube-proxy iptables 模式的约定补全。',
  'model/proxy-mode':
    'kube-proxy 在这个节点上的模式（iptables、nftables、IPVS，或两者并存：切换模式后留下的旧规则），根据导出中的表和链判断。',
  'model/nft-not-traced':
    '这条 nftables 基础链会显示，但不参与追踪：只追踪 ip、ip6、inet 族的 prerouting、input、forward、output、postrouting 钩子。',

  // 分享链接（src/core/share/codec.ts）
  'share/not-a-link': '这个链接的 URL 片段中没有场景（#s=…），无法打开。',
  'share/unknown-version': '这个场景由更新的或未知版本的 kube-proxy explorer 生成，无法打开。',
  'share/bad-base64': '这个链接已损坏（不是有效的 base64url），无法打开。',
  'share/corrupt': '这个链接已损坏（压缩数据无法解压），无法打开。',
  'share/too-large': '这个场景解压后超过 64 MB 上限，为安全起见没有打开。',
  'share/bad-json': '场景内容不是有效的 JSON，无法打开。',
  'share/bad-shape': '场景缺少某个字段或字段有误，无法打开。',
  'share/decoder-stopped': '解码器已停止（浏览器可能内存不足），没有打开任何内容。',

  // ipvsadm -Ln 输出（src/core/ipvs/codes.ts）
  'ipvs/empty': '没有内容：请粘贴节点上 ipvsadm -Ln 的输出。',
  'ipvs/not-ipvsadm':
    '文本中没有找到 IPVS 虚拟服务行（例如 “TCP  10.96.0.1:443 rr”），这不是 ipvsadm -Ln 的输出。',
  'ipvs/ignored-text': '这些行不是 ipvsadm 的输出（shell 提示符、说明文字），已跳过。',
  'ipvs/elided-lines':
    '“...” 表示粘贴时省略了若干行：这里没有列出的虚拟服务在节点上可能存在，追踪结果可能不完整。',
  'ipvs/not-numeric':
    '这是主机名或端口名（ipvsadm -L 没有加 -n），这里无法解析成地址，追踪时无法匹配。请粘贴 ipvsadm -Ln 的输出。',
  'ipvs/bad-address': '这个地址不是 IPv4 地址，也不是用方括号括起的 IPv6 地址，这一行被略去。',
  'ipvs/bad-port': '端口不是数字或超出 0–65535，这一行被略去。',
  'ipvs/bad-number': '权重、连接数或计数器不是数字，这个值被略去。',
  'ipvs/unknown-protocol':
    'ipvsadm 只会打印 TCP、UDP、SCTP 和 FWM（防火墙标记）虚拟服务；这个协议不认识，该服务被略去。',
  'ipvs/unknown-scheduler': '这不是 Linux 内核自带的 IPVS 调度算法，无法说明它如何选择真实服务器。',
  'ipvs/unknown-flag': '这不是 ipvsadm 会打印的虚拟服务标志，已原样保留但不使用。',
  'ipvs/unknown-forward':
    '转发方式不是 Masq、Route、Tunnel 或 Local（可能来自其他分支版本），无法说明是否做目标地址转换 DNAT。',
  'ipvs/orphan-real-server':
    '这条真实服务器行（-> RIP:端口）出现在任何虚拟服务行之前，不知道它属于哪个服务，已略去。',
  'ipvs/duplicate-service': '同一个虚拟服务出现了两次，只保留第一次的内容。',
  'ipvs/no-header': '没有粘贴 ipvsadm 的列标题（Prot LocalAddress:Port …），按 ipvsadm -Ln 的列来读取。',
  'ipvs/connection-listing': '这是 ipvsadm -Lnc 的连接列表，不是虚拟服务，已跳过。',
  'ipvs/too-many-diagnostics': '问题太多，其余的提示被省略（文本仍被完整读取）。',

  // ipset list / ipset save 输出（src/core/ipset/codes.ts）
  'ipset/empty': '没有内容：请粘贴节点上 ipset list（或 ipset save）的输出。',
  'ipset/not-ipset':
    '文本中没有找到集合（ipset list 的 “Name: …” 或 ipset save 的 “create …”），这不是 ipset 的输出。',
  'ipset/ignored-text': '这些行不是 ipset 的输出（shell 提示符、说明文字），已跳过。',
  'ipset/unknown-type': 'ipset 没有这种集合类型：它的成员只作为文本保留，匹配时永远不会命中。',
  'ipset/bad-member': '这个成员与集合类型不符（地址、端口或协议有误），已略去。',
  'ipset/bad-field': '表头字段（Revision、References 等）不是数字，这个值被略去。',
  'ipset/unknown-option': '这不是 ipset 会打印的集合或成员选项，已原样保留但不使用。',
  'ipset/entries-mismatch':
    '“Number of entries” 与列出的成员数不一致：粘贴的内容被截断，数据包可能匹配一个这里没有显示的成员。',
  'ipset/no-members': '这个集合没有列出成员（ipset list -t 或被截断的粘贴）：无法判断数据包是否匹配它。',
  'ipset/unknown-set': '“add 集合名 …” 所添加的集合在前面没有 “create 集合名 …” 行，这个成员被略去。',
  'ipset/duplicate-set': '同一个集合名出现了两次，只保留第一次的内容。',
  'ipset/member-outside-set':
    '这一行看起来像集合成员，但它前面没有打开的集合（Name: … / Members:），不知道属于哪个集合。',
  'ipset/too-many-diagnostics': '问题太多，其余的提示被省略（文本仍被完整读取）。',

  // 应用本身（src/workers）
  'ui/internal-error': '应用在某个分析阶段内部出错（程序缺陷）；这一阶段没有结果，其余部分照常工作。',
};

/** The 简体中文 explanation of a diagnostic or assumption code, or null for an unknown code. */
export function explainCodeZh(code: string): string | null {
  return Object.hasOwn(CODE_EXPLANATIONS_ZH, code) ? (CODE_EXPLANATIONS_ZH[code] ?? null) : null;
}

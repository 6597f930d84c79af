# GPU Rent Hub：界面文案（简体中文）。

-brand = GPU Rent Hub
site-title = { -brand }
language-name = 简体中文
skip-to-content = 跳到正文
nav-label = 主导航
language-switcher-label = 语言
section-pages = 站内指南
footer-arithmetic = 价格、库存以及所有显存、时长和费用数字都取自我们公开的数据文件或由其算出，可以自行核对；库存以注明的盘点日期为准。
footer-data = 公开数据（JSON）
footer-contact = 下单前有疑问：
footer-terms = 服务条款
footer-copyright = © { $site }
root-description = 租 GPU 做微调，每一笔账都能自己核算。请选择语言。
root-choose = 阅读中文版
not-found-title = 页面不存在
not-found-body = 抱歉，您访问的页面不存在（404）。
not-found-home = 返回中文首页

## 数字格式
fmt-usd = ${ $amount }
fmt-percent = { $value }%
fmt-range = { $low }～{ $high }
fmt-list-separator = {"、"}
unit-gb = { $value } GB
unit-mb = { $value } MB
unit-tb = { $value } TB
unit-watt = TDP { $value } W
market-rate-note = { $card } 的参考小时价，仅作示意，不是报价，也不代表当前行情
unit-gbs = { $value } GB/s
unit-gbits = { $value } Gbit/s
unit-tbs = { $value } TB/s
# The symbol of the byte, after a product of counts in the memory page's formulas.
unit-byte = B
price-per-week = { $price }/周
price-per-month = { $price }/月
price-per-tb-month = 每 TB 每月 { $price }
price-per-tb = 每 TB { $price }
offer-bundle = { $count }× { $card }
region-with-city = { $id } { $city }
city-dallas = 达拉斯（美国得克萨斯州）
city-ashburn = 阿什本（美国弗吉尼亚州）
city-hillsboro = 希尔斯伯勒（美国俄勒冈州）

## 微调方法
method-full = 全参数微调
method-lora = LoRA
method-qlora = QLoRA

## 显存匹配表
table-fit-caption = 微调任务所需显存与按规则选出的方案（按 { $tokens }个 token 的参考任务选）
col-job = 模型与方法
col-vram-needed = 所需显存
col-card-that-fits = 选用方案
col-card-vram = 配置显存
col-weekly = 周租
col-monthly = 月租
col-per-gpu-hour = 每卡时
rent-week = 租一周
rent-month = 租一个月
rent-week-label = 租一周：{ $offer }，{ $region }
rent-month-label = 租一个月：{ $offer }，{ $region }
rent-menu = 租用 { $offer }
rent-menu-region = { $region } · { $city }：空闲 { $free } 张
rent-menu-region-nodes = { $region } · { $city }：空闲 { $free } 套
rent-week-first = 先租 1 周（跑完需 { $weeks } 周）
rent-week-first-label = 先租 1 周 { $offer }，{ $region }（跑完需 { $weeks } 周，其余逐周续租）
rent-month-first = 先租 1 个月（跑完需 { $months } 个月）
rent-month-first-label = 先租 1 个月 { $offer }，{ $region }（跑完需 { $months } 个月，其余逐月续租）
fit-job = { $size } { $method }
fit-cheapest-same = 与选用方案相同
fit-per-card = 每卡 { $gb }
fit-all-cards = { $cards } 张卡合计 { $gb }（每卡取整后相加）
fit-note-4bit-base-rank = 4 bit 基座，rank { $rank }
fit-note-4bit-base = 4 bit 基座
fit-note-bf16-resident = BF16 基座
fit-note-bf16-base = BF16 基座
fit-note-4bit-weights = 权重 { $weights }：线性层为 4 bit NF4，嵌入层和输出头为 BF16
fit-note-adam-bytes = AdamW，每参数 { $bytes } 字节
fit-note-zero3-node = 整个节点跑 ZeRO-3
pick-note-cheapest-cuda = NVLink，最便宜的 CUDA 方案
pick-note-no-sharding = 无需分片
pick-note-infinity-fabric = Infinity Fabric
pick-note-compute = BF16 算力远高于最便宜的可租方案，并支持 FP8
memory-weights = 权重 { $value }
memory-activations = 激活 { $value }
memory-reserve = 运行时预留 { $value }
memory-total = 未取整合计 { $value }

## 卡目录
table-cards-caption = 最近一次盘点时有空闲的训练用 GPU（按可用显存从大到小；盘点日期见表下）
col-gpu = GPU
col-vram = 显存
col-interconnect = 卡间互联（硬件规格）
col-free-now = 空闲（张）
spec-no-fp8 = 不支持 FP8
spec-stack-support = 支持 { $stack }（实际镜像版本尚未公布）
table-cards-note = “显存”一栏的大字是任务能用的显存：nvidia-smi 或 amd-smi 报告的 MiB 数，换算成 GB（10⁹ 字节）；小字是同一数值的 GiB（2³⁰ 字节）和厂商的标称容量。标称容量接近 GiB 数，所以按 GB 计的可用显存常比标称数字大。GDDR6 显存且开启 ECC 的卡（已注明）要少约十六分之一。价格下方是折合的每卡时价格：周租 ÷ 168 小时，月租 ÷ { $hours } 小时；我们不按小时出租。“卡间互联”下方注明用到它的多卡配置，单卡出租用不到它。表中只列有空闲的卡；空闲数量以表下日期为准，点开数字可看各区域的分布。
link-with-bandwidth = { $link } { $bandwidth }

## 互联
table-interconnect-caption = 卡与卡之间如何通信，以及能支持哪些分片训练（带宽为双向合计）
col-cards = 卡
col-link = 卡间互联
col-bandwidth = 带宽
col-sharded = 分片训练
link-nvlink5-nvswitch = NVLink 5 + NVSwitch
link-nvlink-nvswitch = NVLink + NVSwitch
link-infinity-fabric = Infinity Fabric
link-nvlink-bridge-optional = 可选 NVLink 桥接器
link-nvlink-bridge = NVLink 桥接器
link-pcie4-p2p = PCIe Gen4 点对点
link-pcie-p2p-no-nvlink = 仅 PCIe（无 NVLink，P2P 被禁用）
ic-host-staged = 到主机的总线带宽；卡间数据经主机内存中转，实际远低于此
sharding-up-to = 支持，最多 { $n } 张卡
sharding-eight-way-only = 支持，但只有用满一台节点的 8 张卡才能全速
sharding-pairs = 支持，仅限两卡成对
sharding-data-parallel-only = 经 PCIe：数据并行，或以 PCIe 速度跑 ZeRO/FSDP
sharding-single-card = 只能经主机内存中转（很慢）

## 存储
table-storage-caption = 存储、出站流量及其费用
col-storage = 存储
col-price = 价格
col-terms = 条款
storage-local-nvme = 本地 NVMe
storage-included = 已含在租金内
storage-local-nvme-terms = 每个实例单独做 { $encryption } 加密；租期结束后原样保留 { $hold } 小时，未续租则密钥随即销毁，数据再也无法读取；租期结束 { $days } 天后擦除
storage-extra-nvme = 加购本地 NVMe
storage-extra-nvme-terms = 每个节点最多 { $max }（单卡能加购其中多少，尚未公布），同一主机，加密方式相同
storage-network-volume = 网络卷
storage-network-volume-terms = 区域内保存 { $replicas } 份副本，可挂载到多个实例，实例释放后仍然保留，租用期间可在实例之间传递数据；最后一次租期结束后保留多久、两次租期之间怎么计费，尚未公布，重要数据请另存到自己的存储里
storage-snapshots = 快照
storage-snapshots-terms = 可在本区域任意实例上恢复
storage-egress = 出站流量
storage-egress-terms = 每个实例每月含 { $included }；按周租时含多少，尚未公布

## 服务承诺与条款
table-service-terms-caption = 服务承诺与条款
col-service = 项目
service-uptime = 可用性 SLA
service-failure = GPU 故障处理
service-failure-replace = 在同一区域换一张正常的卡
service-failure-replace-or-credit = 在同一区域换卡，或按比例补偿损失的时间
service-refund = 退款
service-refund-none = 不退款：已付租期概不退还
service-refund-unused-days = 未使用的整天按比例退款
service-refund-before-start = 仅在租期开始前可退款
service-ready = 开通时长（付款到实例可用）
service-ready-minutes = 付款确认后 { $n } 分钟内
service-ready-hours = 付款确认后 { $n } 小时内
service-ready-days = 付款确认后 { $n } 天内
service-terms = 服务条款全文
service-terms-label = 阅读服务条款
service-not-listed = 尚未公布

## 多卡配置
table-bundles-caption = 多卡配置：整台节点，或同一节点上的一对卡，整体出租
col-bundle = 配置
col-discount = 较单卡合计优惠
bundle-list-price = 单卡合计 { $price }
table-bundles-note = 多卡配置的价格按单卡价格乘以卡数、再减去“较单卡合计优惠”一栏的比例计算，并四舍五入保留 { $sig } 位有效数字。

## 显存表
table-memory-caption = 各模型在各方法下所需的显存及其构成
col-model = 模型
memory-model-arch = { $layers } 层，隐藏维度 { $hidden }，词表大小 { $vocab }
memory-no-fit = 没有可租的方案装得下

## 盈亏平衡表
table-beat-caption = 小时价门槛表：小时价高于下列数字时，周租或月租更省（按卡在租期内实际在用的时间占比）
col-beat-month = 月租（在用时间占 { $share }）
col-beat-week = 周租（在用时间占 { $share }）
table-beat-note = 你能拿到的小时价高于表中数字时，同样的用量租周或租月比按小时付费便宜：租金 ÷（租期小时数 × 卡在用的时间占比 × 卡数）。一个月按 { $month } 小时、一周按 168 小时计；卡 100% 时间在用时，这个数字就是该租期自身折合的每卡时价格。你自己的盈亏平衡点（卡时）= 租金 ÷ 你的小时价；再除以卡数，就是每张卡需要在用的小时数。
table-break-even-caption = 周租、月租与按小时租：费用持平的用量
col-market-hourly = 参考小时价（仅作示意）
col-break-even-hours = 盈亏平衡点（每月卡时）
col-share-of-month = 占整月比例
col-window-hourly = 连续两周全天使用，按小时租
col-window-weekly = 连续两周，按周租
term-weeks = { $count } 周
term-months = { $count } 个月
table-break-even-note = 月租的盈亏平衡点 = 月租 ÷ 小时价，四舍五入到 { $round } 小时的整数倍；占比按取整后的小时数、每月 { $hours } 小时计算。周租的盈亏平衡点 = 周租 ÷ 同一小时价，同样四舍五入到 { $round } 小时的整数倍，一周共 168 小时；超出整个租期时，只给出按参考小时价上限算的数字。小时价低于某个租期自身折合的每卡时价格（月租、周租两列下方的数字）时，这个租期即使全天使用，也比按小时租贵。每张卡都是连租 { $weeks } 周比租一个月便宜，再多租一周就比月租贵。连续两周全天使用共 { $window } 小时。参考小时价沿用自本站早先的微调页面，仅作示意，不是任何一家平台的报价，也不代表当前行情；小时价门槛表不依赖任何市场价，拿你实际拿到的报价去对照即可。

## 训练表
table-training-caption = 下列各微调任务要跑多久、花多少钱（每行注明任务规模）
col-offer = 卡或多卡配置
col-hours = 时长（小时）
col-cost-hourly = 折算费用（时长 × 每卡时价 × 卡数）
col-cost-term = 够用的最便宜租期
training-job-size = { $examples } 条样本 × { $epochs } 个 epoch，共 { $tokens }个 token
training-term-k = 每参数每 token { $k } FLOPs × { $params } × 10⁹ 个参数
training-term-flops = 共 { $flops } FLOPs
training-term-rate = 稠密 BF16 { $tflops } TFLOPS × { $cards } 张卡 × 硬件算力利用率（HFU）{ $mfu }
training-term-step = × { $factor }：{ $method } 实测每步耗时相对 LoRA 的倍数
training-offer-rate = 每卡稠密 BF16 { $tflops } TFLOPS
training-at-rate = 每卡时 { $rate }
table-training-note = 时长（小时）= 每参数每 token 的 FLOPs × 参数量 × token 数 ÷（稠密 BF16 TFLOPS × 10¹² × 卡数 × 硬件算力利用率 × 3,600），开启梯度检查点，每条样本 { $tokens } 个 token；参数量按模型公开权重中各层的实际形状计算。QLoRA 的时长再乘以 { $qlora }：实测 QLoRA 每步比 LoRA 慢这么多，因为它要边算边把 4 bit 基座反量化。每 token 的 FLOPs 已包含梯度检查点带来的重算，所以这里的利用率（{ $mfu }）是硬件算力利用率（HFU），不是 MFU；利用率越高，时长越短。费用 = 时长 × 每卡时价格 × 卡数。每卡时价格取能覆盖最慢情况下的时长、并留出租期 { $margin } 作余量的最便宜的一周或一个月折算：周租 ÷ 168 小时，或月租 ÷ { $hours } 小时，再 ÷ 卡数。展开时长可查看计算过程。
unit-million = { $scale ->
    [yi] { $yi } 亿
   *[wan] { $wan } 万
}

## 单卡装得下的任务
table-jobs-caption = 单张 { $card } 装得下的微调任务
col-share-of-card = 占单卡可用显存
table-jobs-note = 所需显存不超过这张卡可用显存（{ $usable }）的 { $headroom }，即 { $limit }，就算装得下。这个上限按 MiB 读数精确计算，再四舍五入到 0.01 GB，所以和用 { $usable } 直接乘出的数略有出入。占比按表中显示的数字计算：所需显存（取整后）除以页面显示的可用显存 { $usable }；超过 { $tight } 的标为“偏紧”。本表的所需显存是一张卡上的数字，向上取整到整 GB；选卡表里多卡配置的每卡数字向上取整到 0.1 GB，所以同一个任务在两张表里可能差零点几 GB，占比也可能差一个百分点。

## 单卡页面
gpus-title = GPU 价格与库存
gpus-description = 我们出租的 GPU：规格、周租和月租价格、各区域的空闲数量，以及每张卡装得下的微调任务。表中只列有空闲的卡，暂无空闲的卡见各自的页面。
gpus-intro = 下表列出最近一次盘点时有空闲的卡。我们出租的每张卡（包括暂无空闲的）都有单独的页面，见表下的列表：规格、价格、各区域的空闲数量、装得下的微调任务，以及小时价高于多少时周租、月租更省；部分卡页还附有一次训练的时长与费用示例。
card-page-title = 租用 { $card }
card-page-description = { $card }（{ $vram } 显存）按周或按月出租，用于模型微调，价格 { $monthly }。本页列出规格、价格、各区域库存、装得下的任务，以及小时价高于多少时租一周或一个月更划算。
card-page-description-out = { $card }（{ $vram } 显存）按周或按月出租，用于模型微调，价格 { $monthly }；最近一次盘点时各区域暂无空闲。本页列出规格、价格、装得下的任务，以及小时价高于多少时租一周或一个月更划算。
card-page-intro = { $card } 周租 { $weekly }，月租 { $monthly_amount }，按月租折合 { $hourly }/卡时。显存{ $vram }，任务实际可用多少见下方规格表。
card-page-intro-out = { $card } 标价周租 { $weekly }，月租 { $monthly_amount }，按月租折合 { $hourly }/卡时；但最近一次盘点时各区域都没有空闲。显存{ $vram }，任务实际可用多少见下方规格表。
card-page-alternative = 可以改租 { $alt }：它有空闲，可用显存 { $usable }，{ $card } 装得下的任务它都装得下，周租 { $weekly }，月租 { $monthly }。只是速度不同：纸面稠密 BF16 算力为 { $alt_tflops } TFLOPS，{ $card } 为 { $tflops } TFLOPS。
card-page-specs = 规格
card-page-prices = 价格
card-page-availability = 空闲情况
card-page-fit = 选卡表里与本卡有关的任务
card-page-jobs = 装得下的任务
card-page-break-even = 按参考小时价算的盈亏平衡点
card-page-beat = 与按小时计费相比
card-page-training = 训练时长与费用
card-page-back = ← 返回 GPU 价格与库存
stock-as-of = 库存数据截至 { $date }。
# A date in running text: the month in the form a date takes ({ $month }), or its number.
date-long = { $year } 年 { $monthnum } 月 { $day } 日
month-of-1 = 1月
month-of-2 = 2月
month-of-3 = 3月
month-of-4 = 4月
month-of-5 = 5月
month-of-6 = 6月
month-of-7 = 7月
month-of-8 = 8月
month-of-9 = 9月
month-of-10 = 10月
month-of-11 = 11月
month-of-12 = 12月
card-not-stocked = 最近一次盘点时，这张卡在各区域都没有空闲。显存相近、目前有空闲的卡，见“GPU 价格与库存”页。
table-card-specs-caption = { $card } 规格
table-card-prices-caption = { $card } 价格
table-card-availability-caption = { $card } 各区域的空闲数量
col-spec = 项目
col-value = 说明
col-region = 区域
col-city = 城市
spec-vram = 标称显存
spec-memory = 显存类型
spec-bandwidth = 显存带宽
spec-bf16-tflops = 稠密 BF16 算力（TFLOPS）
spec-source = 来源：{ $title }
spec-fp8 = FP8
spec-yes = 支持
spec-no = 不支持
spec-interconnect = 卡间互联
spec-software = 支持的软件栈
spec-software-no-image = 这一版本支持这张卡；实际安装哪个版本取决于系统镜像，而镜像尚未公布
spec-power = 功耗
spec-local-nvme = 附带本地 NVMe
spec-not-listed = 尚未公布
spec-host = 主机 CPU、内存和网络
spec-host-cpu = 主机 CPU 核数
spec-host-ram = 主机内存
spec-network = 网络
spec-images = 系统镜像与驱动
spec-image = { $name }（{ $os }，驱动 { $driver }，{ $toolkit }）

## 图表
chart-memory-title = 各微调任务放在一张卡上所需的显存与各款单卡对比
chart-memory-desc = 横条表示每个任务放在一张卡上所需的显存，采用对数刻度；竖线标出我们出租的各款单卡（包括暂无空闲的卡）的可用显存：{ $caps }。多卡配置没有竖线：拆到多张卡上时每张卡还要各放一份激活和运行时预留，是否装得下以选卡表中的每卡数字为准。各任务所需显存：
chart-memory-axis = GB，对数刻度
chart-memory-caps = 容量（GB）
chart-memory-caption = 各任务放在一张卡上所需的显存（横条）与我们各款单卡的可用显存（竖线）对比。多卡配置没有竖线，请以选卡表中的每卡数字为准。上表列出了同样的数字及其构成。
chart-break-even-title = { $offer }：每月费用随用量（卡时）的变化
chart-break-even-desc = 按月租用 { $offer }，费用固定为 { $term }，与用了多少小时无关。按每小时 { $rate } 租用，用得越多花得越多，在一个月的 { $month } 小时中用到 { $hours } 卡时后就会超过月租。
chart-break-even-axis-hours = 每月用量（卡时）
chart-break-even-term = 按月租，{ $term }
chart-break-even-hourly = 按小时租，每小时 { $rate }
chart-break-even-caption = 盈亏平衡区间约为每月 { $hours } 卡时：用量低于下限，按小时租更便宜；高于上限，月租更便宜；落在区间之内，取决于你拿到的小时价。这张图只比较一个月；只用几周的话，请看盈亏平衡表里的周租一列。
table-card-prices-note = 价格下方是折合的每卡时价格：周租 ÷ 168 小时，月租 ÷ { $hours } 小时，再 ÷ 卡数。“显存”一栏的大字是卡报告的可用显存，小字是它的 GiB 换算和标称容量；单位的说明见上方规格表。
group-note-two-four-eight = 2、4 或 8 卡配置

## Pages shown from another language
fallback-notice = 本页尚未翻译成中文，以下显示原文（{ $original }）。
fallback-original = 查看原文
switcher-untranslated = 未翻译

## Rent actions of a bundle beside its card's own, and included NVMe by size
rent-offer-week = 租 { $offer } 一周
rent-offer-month = 租 { $offer } 一个月
storage-size-cards = { $size }：{ $cards }
fmt-sentences = { $first }{ $second }
fmt-sentence-end = {"。"}
fmt-clauses = { $first }；{ $second }
fmt-aside = （{ $text }）
# Open Graph locale (language_TERRITORY), for link previews.
og-locale = zh_CN
chart-memory-item = { $job }：{ $need }
rent-offer-week-label = 租 { $offer } 一周（{ $region }）
rent-offer-month-label = 租 { $offer } 一个月（{ $region }）
## Ranges: $2.49–$3.49, 25%–50%
fmt-usd-range = ${ $low }～${ $high }
fmt-percent-range = { $low }%～{ $high }%
col-we-rent = 本站出租形式
table-interconnect-note = “分片训练”一列说明该互联本身允许什么。ZeRO-3 和 FSDP 在 PCIe 上也能跑，只是更慢，因为每一步都要在卡之间传输权重和梯度。最后一列是我们以该互联出租的单卡和多卡配置，“—”表示只作对比、不出租。多张卡只以该列中的多卡配置连在一起出租：8 卡配置是一整台节点，2× A100 SXM 是同一台机器上的一对卡；其余的卡都单卡出租。
service-contact = 联系方式
service-contact-label = 下单前咨询的联系方式
gpus-list-title = 各卡页面
fmt-approx = 约 { $value }
memory-ecc = { $memory }（ECC 默认开启，可用显存按开启计）
memory-ecc-off = { $memory }（ECC 默认关闭）
sharding-not-rented = { $allowed }（这些卡目前只单卡出租，不提供桥接成对的配置）
catalog-link-single = 单卡出租，用不到互联
catalog-link-in-bundles = 仅在 { $bundles } 中使用
sharding-rented-as = （分片训练只以 { $bundles } 出租）
sharding-rented-as-some = （分片训练只以 { $bundles } 出租；{ $singles } 仅按单卡出租）
chart-items-separator = { "；" }
fmt-value-label = { $value }（{ $label }）
fmt-links = { $links } × { $each }
fmt-alternatives-separator = { "；" }

## 模型 M2：显存各项、选卡、校准
memory-trainable = 训练状态 { $value }
memory-logits = logits { $value }
memory-buffers = 工作缓冲区 { $value }
memory-plan-none = 每张卡各放一份完整副本（数据并行）
memory-plan-zero2 = 梯度和优化器状态切分到各卡（ZeRO-2）
memory-plan-zero3 = 权重、梯度和优化器状态均切分到各卡（ZeRO-3）
memory-per-card = 每卡 { $value } × { $cards }
memory-pick = 选用：{ $offer }
price-per-gpu-hour = { $price }/卡时
col-card-share = 占单卡可用显存
fit-of-usable = 单卡可用 { $usable }
fit-tight = { $of }（偏紧）
fit-rule = 在 { $stack } 方案中跑参考任务最省：需 { $hours } 小时，共 { $cost }（{ $run }）。
fit-rule-safe = 在 { $stack } 方案中选它：按纸面算力，下方的 { $passed } 更便宜；但若速度只按显存带宽之比折算，{ $passed } 反而更贵，而本方案在两种假设下都是这个价：需 { $hours } 小时，共 { $cost }（{ $run }）。
fit-rule-only = { $first } 方案都装不下；在 { $stack } 方案中跑参考任务最省：需 { $hours } 小时，共 { $cost }（{ $run }）。
fit-other = { $offer }（{ $stack }）：按纸面算力更省
fit-other-why = 需 { $hours } 小时，共 { $cost }（{ $run }）；占单卡可用 { $usable } 的 { $share }
fit-other-tight = 需 { $hours } 小时，共 { $cost }（{ $run }）；占单卡可用 { $usable } 的 { $share }，偏紧
fit-override = 我们的选择：{ $reason }
fit-short-run = 参考任务只用掉这段租期的 { $used }：租期里还有别的任务可跑，才值得租；只跑这一次的话，别处的小时价只要低于 { $rate }（按最快估算为 { $rate_fast }），按小时租就更省。
fit-bandwidth = 这里假定速度与纸面 TFLOPS 成正比（{ $pick } 是 { $rival } 的 { $tflops_ratio } 倍）。若速度只按显存带宽之比计（{ $ratio } 倍），{ $pick } 需 { $hours } 小时，共 { $cost }（{ $run }），{ $rival } 反而更省：{ $rival_cost }（{ $rival_run }）。
fit-co-pick = { $offer }：实测吞吐达到每秒 { $tokens_per_s } 个 token 时更省
fit-co-pick-unless = { $offer }：只有实测吞吐达到每秒 { $tokens_per_s } 个 token（而 { $rival } 达不到）时才更省
fit-co-pick-why = 按纸面 TFLOPS 算，{ $offer } 需 { $paper_hours } 小时，共 { $paper_cost }（{ $paper_run }）；要留足 { $margin } 余量跑完，吞吐须达到每秒 { $tokens_per_s } 个 token（{ $tokens } 个 token ÷（{ $usable_hours } × 3,600 秒），向上取整）。若速度只按显存带宽折算（纸面算力是 { $rival } 的 { $tflops_ratio } 倍，带宽却只有 { $ratio } 倍），需 { $hours } 小时，超出 { $usable_hours } 小时，规则按 { $run }计价（{ $cost }），比 { $rival } 的 { $rival_cost } 贵，所以表中选 { $rival }。实际速度介于两者之间，只能实测。
fit-co-pick-rival-week = 吞吐达到每秒 { $tokens_per_s } 个 token 时，租一周 { $rival }（{ $rival_week }）也够跑完参考任务，所以两张卡都值得实测。
fit-bandwidth-bound = 表中时长按纸面 TFLOPS 估算，对 { $pick } 可能偏乐观：若这一步受显存带宽限制（速度只有 { $rival } 的 { $ratio } 倍，而非纸面的 { $tflops_ratio } 倍），{ $pick } 需 { $hours } 小时，留出 { $margin } 余量要租 { $run }（{ $cost }）；{ $rival } 按它自己的纸面 TFLOPS 要 { $rival_cost }（{ $rival_run }），仍比它贵，所以还是选 { $pick }。
fit-unmeasured = 时长假定 { $stack } 与 { $first } 的算力利用率相同，两者都未实测。
table-fit-note = 显存数字是我们的估算（GB = 10⁹ 字节）：开启梯度检查点，序列长度 { $seq } 个 token，每卡 batch size 为 { $batch }，所有线性层加 rank { $rank } 的适配器，注意力用 FlashAttention 或 PyTorch SDPA 的 flash / memory-efficient 后端，不保存“序列长度 × 序列长度”的注意力分数矩阵（SDPA 退回 math 实现时会保存）；每张卡另计运行时预留 = { $allocator } × 张量合计 + { $reserve }（分配器的固定部分 + CUDA/ROCm 上下文）。一张卡放得下整个任务时按数据并行计，每张卡各放一份完整副本；放不下时才按 ZeRO-3 切分。任务占用不超过该卡可用显存（nvidia-smi 或 amd-smi 的读数）的 { $headroom }，这张卡才算合格。在可租的合格方案中，我们按跑完参考任务的花费来选（只在本站的方案中比较），并按显存带宽再核算一次，见下文。参考任务：{ $examples } 条样本 × { $epochs } 个 epoch × 每条 { $tpe } 个 token，共 { $tokens }个 token。时长按卡的稠密 BF16 算力计算，硬件算力利用率（HFU）从 { $high }（快）到 { $low }（慢）；价格按整周或整月计，租期要覆盖最慢情况下的时长，并留出租期的 { $margin } 给准备环境、存检查点、评估和一次重启。参考任务只用掉租期的一小部分时，只有租期里还有别的任务可跑，租下来才划算；单元格会给出一个门槛小时价：只跑这一次的话，别处的小时价低于它，按小时租更省。
table-fit-note-bandwidth = 纸面 TFLOPS 快，不等于实际就快：每一步都有一部分工作不随算力缩放，可能受显存带宽限制（例如 QLoRA 的反量化）。所以规则会换一种假设再算一遍：较快的方案实际只快到两者显存带宽之比那么多。在这种假设下，只要有更慢的方案花费更低，规则就不选较快的那个。因此，选用方案按纸面 TFLOPS 算有时反而比被跳过的方案贵；被跳过的方案在该行注明。
table-fit-note-first = 大多数训练代码是为 { $first } 写的，所以选用方案只在 { $first } 的方案中选出；另一种软件栈上的方案更便宜时，列在它下方，带有自己的租用按钮。
table-fit-note-end = 单卡任务的显存向上取整到整 GB；多卡任务的每卡显存向上取整到 0.1 GB，合计即每卡数字乘以卡数；占比按表中显示的数字计算（所需显存除以表中的可用显存），可以直接复算。每卡时价格：周租 ÷ 168 小时，或月租 ÷ { $hours } 小时，再 ÷ 卡数。单元格里“按小时租更省”的小时价按表中显示的时长算出，并向下舍入到两位有效数字：其他平台的报价低于它，只跑这一次时按小时租肯定更省。标为“偏紧”的方案已接近 { $headroom } 的上限：租整月之前，先短时间试跑、实测显存峰值。租用按钮列出盘点时有空闲的区域，链接打开下单页，本身不预订任何东西；要连租几个租期的行，链接写作“先租 1 周”或“先租 1 个月”：只下第一个租期的订单，其余在到期前付账户里的续费账单续租。展开显存数字可查看各项组成，展开 GPU 名称可查看其余考量。
table-memory-note = 显存数字是我们的估算（GB = 10⁹ 字节）：开启梯度检查点，序列长度 { $seq } 个 token，batch size 为 { $batch }，所有线性层加 rank { $rank } 的适配器，注意力用 FlashAttention 或 PyTorch SDPA 的 flash / memory-efficient 后端，不保存“序列长度 × 序列长度”的注意力分数矩阵（SDPA 退回 math 实现时会保存），每张卡另计运行时预留 = { $allocator } × 张量合计 + { $reserve }（分配器的固定部分 + CUDA/ROCm 上下文）。每个数字都是整个任务放在一张卡上的需求；选卡表给出在我们会租的方案上每卡和合计的显存。任务占用不超过该卡实际可用显存的 { $headroom } 时，这张卡才算合格；选用方案标为“偏紧”的，租整月之前请先短时间试跑、实测显存峰值。
table-breakdown-caption = { $job }：显存逐项计算
col-term = 项目
col-formula = 公式
col-figure = 数值
term-weights = 权重
term-trainable = 训练状态（梯度、FP32 主权重、优化器状态）
term-activations = 激活
term-logits = logits
term-buffers = 工作缓冲区
term-reserve = 运行时预留
term-per-card = 每卡
term-total = 所有卡合计
term-sum = 以上各项之和
term-live = 以上各项
table-calibration-caption = 我们的估算与公开实测对比
table-calibration-note = 共 { $runs } 次公开运行。绝对误差中位数 { $median }；最大低估 { $under }，最大高估 { $over }。误差为负表示实际需要的显存比我们估算的多，带注释的行说明了原因。模型常数正是用这些实测拟合的，所以这是样本内对比，不是独立检验：模型还没有在未参与拟合的实测上检验过。“纯 BF16”指不保留 FP32 主权重，AdamW 的一阶矩、二阶矩也存为 BF16，每参数 8 字节而不是 16。
col-run = 实测任务
col-measured = 实测
col-estimate = 我们的估算
col-error = 误差
col-source = 来源
calibration-job = { $model }，{ $method }
calibration-settings = { $seq } 个 token，batch size { $batch }，{ $cards ->
    [1] 单卡（不分片）
   *[other] { $cards } 张卡 { $sharding }
}，梯度检查点：{ $checkpointing }
calibration-allocated = 已分配显存峰值
calibration-reserved = 分配器占用峰值（reserved）
calibration-nvidia-smi = nvidia-smi
calibration-unstated = 未说明测量方式
calibration-versions-minimums = 仅注明最低版本
calibration-versions-unstated = 未注明版本
calibration-source = 来源
calibration-source-label = { $source }（打开公开的实测）
col-week-break-even = 周租的盈亏平衡点（每周卡时）
break-even-of-week = 一周共 { $hours } 小时；周租 { $price }，折合 { $rate }
free-nodes = { $cards ->
    [2] { $nodes ->
        [0] 同一节点上没有成对的空闲卡
       *[other] 其中有 { $nodes } 对同在一个节点上
    }
   *[other] { $nodes ->
        [0] 没有完全空闲的 { $cards } 卡节点
        [1] 其中 { $cards } 张是一台完全空闲的 { $cards } 卡节点
       *[other] 其中有 { $nodes } 台完全空闲的 { $cards } 卡节点
    }
}
free-nodes-exact = { $cards ->
    [2] { $nodes ->
        [1] 这两张正好是同一节点上的一对
       *[other] 正好组成同一节点上的 { $nodes } 对
    }
   *[other] { $nodes ->
        [1] 正好是一台完全空闲的 { $cards } 卡节点
       *[other] 正好是 { $nodes } 台完全空闲的 { $cards } 卡节点
    }
}
usable-gb = 可用 { $value }
spec-vram-marketed = 规格书数值，单位实际接近 GiB；任务按下一行的可用显存比较
spec-usable = 可用显存
spec-usable-source = { $tool } 读数 { $mib } MiB（{ $of }）；所有任务都按这个数字比较
spec-usable-source-ecc = { $tool } 读数 { $mib } MiB（{ $of }），默认开启的 ECC 约占去标称容量的十六分之一；所有任务都按这个数字比较
calibration-why-loader = ms-swift 的分配器占用峰值只比同一任务的 BF16 LoRA 低 14%，而 4 bit 基座要小 10 GB：分配器很可能还留着加载时量化后释放的 BF16 权重显存块，我们的估算不计这部分
calibration-why-attention = 不开梯度检查点、序列 4,096 个 token 时，这次运行每层保存的张量比我们估算的多（来源未说明注意力实现；eager 注意力和 SDPA 的 math 实现还会保存注意力分数矩阵）
calibration-why-qwen-logits = Qwen-1 自带的模型代码保留的 logits 副本（词表约 15.2 万）比我们估算时假定的 transformers 路径更多
calibration-why-small-fsdp = 这是整组里最小的任务：我们的估算没有计入 FSDP 的固定缓冲区，它在这里占比最大
calibration-why-unstated-zero3 = 原因不明：该指南没有说明测量方式（我们按分配器占用的显存比较）
offer-as-bundle = { $offer }（多卡配置）
offer-as-single = { $offer }（单卡）
offer-as-single-none = { $offer }（单卡，暂无空闲）
stock-none-short = 暂无空闲
unit-gib = 标称 { $value } GB
unit-gib-rated = { $value } GB
memory-pick-per-card = 选用：{ $offer }，每卡 { $gb }
calibration-pure-bf16 = 纯 BF16（每参数 8 字节，见表下说明）
calibration-gptq-int4 = 基座是 GPTQ Int4，不是 bitsandbytes NF4；我们按 NF4 估算，因为两者都是每个权重约 4 bit，外加少量按组存放的量化常数
calibration-on = 开
calibration-off = 关
spec-link-single = 卡本身支持；我们目前只单卡出租这张卡，用不到这条互联
spec-link-none = 这张卡仅按单卡出租
free-nodes-all = { $nodes ->
    [1] 租走一张单卡就会拆散它，这里就租不到 { $offer } 了。
   *[other] 每租走一张单卡就拆散其中一台，这里可租的 { $offer } 随之少一台。
}
rent-breaks-node = { $nodes ->
    [1] { $region } 的空闲卡就是这一整台 { $bundle }，租走单卡即拆散它。
   *[other] { $region } 的空闲卡全在 { $nodes } 台 { $bundle } 上，每租走一张单卡，可租的整台就少一台。
}
share-tight = 偏紧：租整月之前，先租一周，用最长的样本实测显存峰值
memory-pick-tight = { $pick }；偏紧（占单卡可用显存的 { $share }）
memory-pick-other = { $pick }；{ $stack } 上更便宜：{ $offer }
memory-pick-other-tight = { $pick }；{ $stack } 上更便宜：{ $offer }，偏紧（占单卡可用显存的 { $share }）
vram-of-rated-ecc = 合 { $usable } GiB（开启 ECC 后），标称 { $rated } GB
vram-of-rated = 合 { $usable } GiB，标称 { $rated } GB
# A break-even range whose far end is past the whole week or month: that end never comes.
break-even-range-over = 按参考小时价的上限，用到约 { $low } 卡时与按小时租持平；按下限，即使 { $hours } 小时全部用满，也比按小时租贵
break-even-cell-over = 按上限约 { $low }；按下限，用满也比按小时租贵
fit-card-nvme = { $card }（{ $size }）

## 显存计算器
calc-title = 估算你自己的任务
calc-intro = 选一个列出的模型，或粘贴 Hugging Face 的 config.json，设好任务参数，就能看到显存的每一项及其公式、有空闲且装得下这个任务的卡和多卡配置，以及按你的任务规模跑一次训练在各方案上的花费。计算所用的模型和常数与本站每张表相同。
calc-noscript = 计算器需要 JavaScript。不开 JavaScript，本页的每张表格照样可用；计算器用到的每个常数都在 memory-model.json 里（每页页脚都有链接）。
calc-model = 模型
calc-model-pick = 列出的模型
calc-custom = 自定义结构
calc-config = 或粘贴它的 config.json
calc-config-error = 无法读取这个 config.json（{ $error }）。其中的 hidden_size、num_hidden_layers、num_attention_heads、intermediate_size 和 vocab_size 必须是整数。
calc-hidden = 隐藏维度（hidden_size）
calc-layers = 层数（num_hidden_layers）
calc-heads = 注意力头数（num_attention_heads）
calc-kv-heads = 键值头数（num_key_value_heads）
calc-intermediate = MLP 中间维度（intermediate_size）
calc-vocab = 词表大小（vocab_size）
calc-tied = 输出头与嵌入层共享权重（tie_word_embeddings）
calc-bias = q、k、v 带偏置（attention_bias）
calc-job = 任务
calc-method = 方法
calc-seq = 序列长度（token）
calc-batch = 每卡 batch size
calc-rank = LoRA rank
calc-tokens = 训练 token 数（单位：百万）
calc-checkpointing = 梯度检查点
calc-chunked = 分块交叉熵（Liger Kernel、Cut Cross-Entropy）
calc-invalid = { $field }：请输入 { $min } 到 { $max } 之间的数。
calc-kv-over = 键值头数不能多于注意力头数。
calc-terms-caption = { $job }：放在一张卡上的显存逐项计算（GB = 10⁹ 字节）
calc-term-allocator = 分配器缓存块
calc-term-context = CUDA 或 ROCm 上下文
calc-offers-caption = 有空闲、每张卡都能在可用显存的 { $headroom } 以内装下这个任务的卡和多卡配置，跑一次最便宜的排在前面
calc-offers-note = 时长从我们估算的最快情况算到最慢情况；价格取能覆盖最慢情况下的时长、并留足余量的最便宜的整周与整月组合。“租用”链接在你选定的区域下单，租期为一周或一个月。
calc-none = 有空闲的卡和多卡配置，都没法在可用显存的 { $headroom } 以内装下这个任务。缩短序列、减小 batch、开启梯度检查点或改用 QLoRA，都能降低显存。
calc-col-need = 每卡所需显存
calc-col-run = 跑一次 { $tokens } × 10⁶ 个 token 的训练
calc-run = { $fast }～{ $slow } 小时，共 { $cost }（{ $run }）
calc-run-long = { $fast }～{ $slow } 小时：比本站计价的任何租期都长
calc-sharded = { $need }（分片）
calc-share-of = 占 { $usable } 的 { $share }
calc-link = 换个模型、序列长度或 batch？用计算器估算你自己的任务，并对照有空闲的卡。
calibration-adapters = ，LoRA rank { $rank }，适配模块：{ $targets }
calibration-all-linear = 全部线性层

# GPU Rent Hub：界面文案（简体中文）。

-brand = GPU Rent Hub
site-title = { -brand }
language-name = 中文
skip-to-content = 跳到正文
nav-label = 主导航
language-switcher-label = 语言
section-pages = 本节内容
footer-arithmetic = 本站的每个数字都在构建时根据我们公开的数据计算得出，你可以自行核对。
footer-copyright = © { $site }
root-description = 租 GPU 做微调，每一笔账都能自己核算。请选择语言。
root-choose = 阅读中文版
not-found-title = 页面不存在
not-found-body = 找不到这个页面。请从首页重新开始：

## 数字格式
fmt-usd = ${ $amount }
fmt-percent = { $value }%
fmt-range = { $low }–{ $high }
fmt-list-separator = {"、"}
unit-gb = { $value } GB
unit-tb = { $value } TB
unit-gbs = { $value } GB/s
unit-tbs = { $value } TB/s
price-per-month = { $price }/月
price-per-tb-month = 每 TB 每月 { $price }
price-per-tb = 每 TB { $price }
offer-bundle = { $count }× { $card }
region-with-city = { $id } { $city }
city-dallas = 达拉斯
city-ashburn = 阿什本
city-hillsboro = 希尔斯伯勒

## 微调方法
method-full = 全参数微调
method-lora = LoRA
method-qlora = QLoRA

## 显存匹配表
table-fit-caption = 微调任务需要多少显存，以及装得下它的卡
col-job = 模型与方法
col-vram-needed = 所需显存
col-card-that-fits = 适用的卡
col-card-vram = 卡的显存
col-weekly = 周租
col-monthly = 月租
col-per-gpu-hour = 每 GPU 小时
col-cheapest-fit = 最便宜的可行方案
fit-job = { $size } { $method }
fit-cheapest-same = 就是这张卡
fit-note-4bit-base-rank = 4 bit 基座，rank { $rank }
fit-note-4bit-base = 4 bit 基座
fit-note-bf16-resident = BF16 基座常驻显存
fit-note-bf16-base = BF16 基座
fit-note-4bit-weights = { $weights } 的 4 bit 权重
fit-note-bf16-one-card = BF16 基座，单卡
fit-note-adam-bytes = Adam，每参数 { $bytes } 字节
fit-note-zero3-node = 整个节点跑 ZeRO-3
pick-note-cheapest-cuda = NVLink，最便宜的 CUDA 方案
pick-note-no-sharding = 无需分片
pick-note-infinity-fabric = Infinity Fabric
table-fit-note = 显存按我们的模型估算：开启梯度检查点，序列长度 { $seq }，batch size 为 { $batch }，rank { $rank } 的适配器（约占参数量的 { $adapter }），预留 { $reserve } 运行时开销，结果向上取整到整 GB。所选的卡必须用不超过 { $headroom } 的显存装下任务。每 GPU 小时价格等于月租除以 { $hours } 小时，再除以卡数。展开数字可查看它由哪几部分组成。
memory-weights = 权重 { $value }
memory-trainable = 梯度和优化器状态 { $value }
memory-activations = 激活 { $value }
memory-reserve = 运行时预留 { $value }
memory-total = 合计 { $value }

## 卡目录
table-cards-caption = 可租来训练的卡，按我们自己部署时的优先顺序排列
col-gpu = GPU
col-vram = 显存
col-interconnect = 互联
col-free-now = 当前空闲
badge-pick = 推荐
spec-no-fp8 = 不支持 FP8
table-cards-note = 每 GPU 小时价格等于月租除以 { $hours } 小时。展开空闲数量可查看各区域的分布。
link-with-bandwidth = { $link } { $bandwidth }
link-with-bandwidth-pairs = { $link } { $bandwidth }，两卡一组

## 互联
table-interconnect-caption = 卡与卡之间如何通信，以及能支持哪些分片训练
col-cards = 卡
col-link = 卡间连接
col-bandwidth = 带宽
col-sharded = 分片训练
link-nvlink5-nvswitch = NVLink 5 + NVSwitch
link-nvlink-nvswitch = NVLink + NVSwitch
link-infinity-fabric = Infinity Fabric
link-nvlink-bridge-optional = 可选 NVLink 桥接器
link-nvlink-bridge = NVLink 桥接器
link-pcie4-p2p = PCIe Gen4 点对点
link-pcie-p2p-no-nvlink = PCIe 点对点，无 NVLink
sharding-up-to = 支持，最多 { $n } 张卡
sharding-eight-way-only = 支持，仅限 8 卡
sharding-pairs = 两卡一组
sharding-data-parallel-only = 仅支持数据并行
sharding-single-card = 仅限单卡

## 存储
table-storage-caption = 存储、出站流量及其费用
col-storage = 存储
col-price = 价格
col-terms = 条款
storage-local-nvme = 本地 NVMe
storage-included = 已含在租金内
storage-local-nvme-terms = 每个实例单独做 { $encryption } 加密；租期结束 { $days } 天后擦除
storage-extra-nvme = 加购本地 NVMe
storage-extra-nvme-terms = 每个节点最多 { $max }，同一主机，加密方式相同
storage-network-volume = 网络卷
storage-network-volume-terms = 区域内保存 { $replicas } 份副本，可挂载到多个实例，实例释放后仍然保留
storage-snapshots = 快照
storage-snapshots-terms = 可在本区域任意实例上恢复
storage-egress = 出站流量
storage-egress-terms = 每个实例每月包含 { $included }

## 多卡配置
table-bundles-caption = 多卡配置
col-bundle = 配置
col-discount = 折扣
bundle-list-price = 原价 { $price }
table-bundles-note = 多卡配置的价格按单卡价格乘以卡数、再扣除折扣计算，并四舍五入保留 { $sig } 位有效数字。

# GPU Rent Hub: UI strings (English, the default locale).

-brand = GPU Rent Hub
site-title = { -brand }
language-name = English
skip-to-content = Skip to content
nav-label = Main
language-switcher-label = Language
section-pages = In this section
footer-arithmetic = Every figure on this site is computed from our published data at build time, so you can check it.
footer-copyright = © { $site }
root-description = GPU rental for fine-tuning, with arithmetic you can check. Choose your language.
root-choose = Read in English
not-found-title = Page not found
not-found-body = This page does not exist. Start again from the home page:

## Number formats
fmt-usd = ${ $amount }
fmt-percent = { $value }%
fmt-range = { $low }–{ $high }
fmt-list-separator = {", "}
unit-gb = { $value } GB
unit-tb = { $value } TB
unit-gbs = { $value } GB/s
unit-tbs = { $value } TB/s
price-per-month = { $price }/mo
price-per-tb-month = { $price } per TB-month
price-per-tb = { $price } per TB
offer-bundle = { $count }× { $card }
region-with-city = { $id } { $city }
city-dallas = Dallas
city-ashburn = Ashburn
city-hillsboro = Hillsboro

## Methods
method-full = full fine-tuning
method-lora = LoRA
method-qlora = QLoRA

## Fit table
table-fit-caption = GPU memory a fine-tuning job needs, and the card that fits it
col-job = Model and method
col-vram-needed = VRAM needed
col-card-that-fits = Card that fits
col-card-vram = Card VRAM
col-weekly = Weekly
col-monthly = Monthly
col-per-gpu-hour = Per GPU-hour
col-cheapest-fit = Cheapest that fits
fit-job = { $size }, { $method }
fit-cheapest-same = this card
fit-note-4bit-base-rank = 4-bit base, rank { $rank }
fit-note-4bit-base = 4-bit base
fit-note-bf16-resident = BF16 base kept resident
fit-note-bf16-base = BF16 base
fit-note-4bit-weights = { $weights } of 4-bit weights
fit-note-bf16-one-card = BF16 base, one card
fit-note-adam-bytes = Adam, { $bytes } bytes per parameter
fit-note-zero3-node = ZeRO-3 across the node
pick-note-cheapest-cuda = NVLink, the cheapest CUDA path
pick-note-no-sharding = no sharding
pick-note-infinity-fabric = Infinity Fabric
table-fit-note = Memory by our model: gradient checkpointing on, sequence { $seq }, batch { $batch }, rank-{ $rank } adapters (about { $adapter } of the parameters), { $reserve } runtime reserve, rounded up to whole GB. A pick must fit in { $headroom } of the card's memory. Per GPU-hour is the monthly price divided by { $hours } hours and by the number of cards. Open a figure to see its terms.
memory-weights = weights { $value }
memory-trainable = gradients and optimizer { $value }
memory-activations = activations { $value }
memory-reserve = runtime reserve { $value }
memory-total = total { $value }

## Catalog
table-cards-caption = Cards to rent for training, in the order we would deploy them
col-gpu = GPU
col-vram = VRAM
col-interconnect = Interconnect
col-free-now = Free now
badge-pick = our pick
spec-no-fp8 = no FP8
table-cards-note = Per GPU-hour is the monthly price divided by { $hours } hours. Open a free-now count to see it per region.
link-with-bandwidth = { $link } { $bandwidth }
link-with-bandwidth-pairs = { $link } { $bandwidth }, pairs

## Interconnect
table-interconnect-caption = How the cards talk to each other, and what sharded training they allow
col-cards = Cards
col-link = Link between cards
col-bandwidth = Bandwidth
col-sharded = Sharded training
link-nvlink5-nvswitch = NVLink 5 with NVSwitch
link-nvlink-nvswitch = NVLink with NVSwitch
link-infinity-fabric = Infinity Fabric
link-nvlink-bridge-optional = optional NVLink bridge
link-nvlink-bridge = NVLink bridge
link-pcie4-p2p = PCIe Gen4 peer-to-peer
link-pcie-p2p-no-nvlink = PCIe peer-to-peer, no NVLink
sharding-up-to = { $n ->
    [one] Yes, one card
   *[other] Yes, up to { $n } cards
}
sharding-eight-way-only = Yes, 8-way only
sharding-pairs = Pairs
sharding-data-parallel-only = Data parallel only
sharding-single-card = Single card

## Storage
table-storage-caption = Storage, egress and what they cost
col-storage = Storage
col-price = Price
col-terms = Terms
storage-local-nvme = Local NVMe
storage-included = included
storage-local-nvme-terms = { $encryption } encryption per instance; wiped { $days ->
    [one] one day
   *[other] { $days } days
} after the term ends
storage-extra-nvme = Extra local NVMe
storage-extra-nvme-terms = up to { $max } per node, same host, same encryption
storage-network-volume = Network volume
storage-network-volume-terms = { $replicas }× replicated in the region, attaches to several instances, outlives the instance
storage-snapshots = Snapshots
storage-snapshots-terms = restore on any instance in the region
storage-egress = Egress
storage-egress-terms = { $included } a month included per instance

## Bundles
table-bundles-caption = Multi-card bundles
col-bundle = Bundle
col-discount = Discount
bundle-list-price = without discount { $price }
table-bundles-note = A bundle costs the single-card price times the cards, less the discount, rounded to { $sig } significant figures.

# GPU Rent Hub: UI strings (English, the default locale).

-brand = GPU Rent Hub
site-title = { -brand }
language-name = English
skip-to-content = Skip to content
nav-label = Main
language-switcher-label = Language
section-pages = Guides
footer-arithmetic = Every price, stock count and estimate on this site is computed from the data we publish below, so you can check it. Stock counts are as of the date shown with each table.
footer-data = The data, as JSON:
footer-contact = Questions before you order:{ " " }
footer-terms = Terms of service
footer-copyright = © { $site }
root-description = GPU rental for fine-tuning, with arithmetic you can check. Choose your language.
root-choose = Read in English
not-found-title = Page not found
not-found-body = There is no page at this address.
not-found-home = Go to the English home page

## Number formats
fmt-usd = ${ $amount }
fmt-percent = { $value }%
fmt-range = { $low }–{ $high }
fmt-list-separator = {", "}
unit-gb = { $value } GB
unit-mb = { $value } MB
unit-tb = { $value } TB
unit-watt = { $value } W
market-rate-note = An illustrative, undated on-demand range for the { $card }, not a quote
unit-gbs = { $value } GB/s
unit-gbits = { $value } Gbit/s
unit-tbs = { $value } TB/s
# The symbol of the byte, after a product of counts in the memory page's formulas.
unit-byte = B
price-per-week = { $price }/wk
price-per-month = { $price }/mo
price-per-tb-month = { $price } per TB per month
price-per-tb = { $price } per TB
offer-bundle = { $count }× { $card }
region-with-city = { $id } ({ $city })
city-dallas = Dallas, TX
city-ashburn = Ashburn, VA
city-hillsboro = Hillsboro, OR

## Methods
method-full = full fine-tuning
method-lora = LoRA
method-qlora = QLoRA

## Fit table
table-fit-caption = Fit table: the GPU memory each fine-tuning job needs, and the GPU we pick for it, sized for a reference job of { $tokens } tokens
col-job = Model and method
col-vram-needed = VRAM needed
col-card-that-fits = Our pick (estimated to fit)
col-card-vram = GPU VRAM
col-weekly = Weekly
col-monthly = Monthly
col-per-gpu-hour = Per GPU-hour
rent-week = Rent for a week
rent-month = Rent for a month
rent-week-label = Rent for a week: { $offer } in { $region }
rent-month-label = Rent for a month: { $offer } in { $region }
rent-menu = Rent { $offer }
rent-menu-region = { $region } · { $city }: { $free } in stock
rent-menu-region-nodes = { $region } · { $city }: { $cards ->
    [one] { $free } in stock
    [2] { $free ->
        [one] 1 pair
       *[other] { $free } pairs
    } in stock
   *[other] { $free ->
        [one] 1 whole node
       *[other] { $free } whole nodes
    } in stock
}
rent-week-first = Rent 1 week (the run needs { $weeks })
rent-week-first-label = Rent 1 week of { $offer } in { $region } (the run needs { $weeks ->
    [one] one week
   *[other] { $weeks } weeks
}; renew for the rest)
rent-month-first = Rent 1 month (the run needs { $months })
rent-month-first-label = Rent 1 month of { $offer } in { $region } (the run needs { $months ->
    [one] one month
   *[other] { $months } months
}; renew for the rest)
fit-job = { $size }, { $method }
fit-cheapest-same = this offer
fit-per-card = { $gb } per GPU
fit-all-cards = { $gb } on { $cards } GPUs
fit-note-4bit-base-rank = 4-bit base
fit-note-4bit-base = 4-bit base
fit-note-bf16-resident = BF16 base
fit-note-bf16-base = BF16 base
fit-note-4bit-weights = weights { $weights }: linear layers in 4-bit NF4, embeddings and output head in BF16
fit-note-adam-bytes = AdamW, { $bytes } bytes per parameter
fit-note-zero3-node = ZeRO-3 across the node
pick-note-cheapest-cuda = NVLink, the cheapest CUDA path
pick-note-no-sharding = no sharding
pick-note-infinity-fabric = Infinity Fabric
pick-note-compute = far more BF16 compute than the cheapest fit, and FP8
memory-weights = weights { $value }
memory-activations = activations { $value }
memory-reserve = runtime reserve { $value }
memory-total = unrounded sum { $value }

## Catalog
table-cards-caption = GPUs for training, by usable memory (largest first)
col-gpu = GPU
col-vram = Usable memory
col-interconnect = Interconnect
col-free-now = In stock
spec-no-fp8 = no FP8
spec-stack-support = { $stack } (OS image not yet listed)
table-cards-note = Memory is what a job can use, in GB of 10⁹ bytes, converted from the MiB that nvidia-smi or amd-smi reports; below it are the same memory in binary gigabytes (GiB) and the vendor’s rated size. Vendors’ rated sizes are close to GiB, so the usable figure in GB is often the larger number. A GDDR6 GPU with ECC on (marked “ECC on”) reports about one-sixteenth less. Under each price is its per-GPU-hour price: a week’s price over 168 hours, a month’s over { $hours }. Under each interconnect is the bundle that uses it; a GPU rented on its own does not use the link. Click a stock count to see it by region.
link-with-bandwidth = { $link } { $bandwidth }

## Interconnect
table-interconnect-caption = How GPUs talk to each other, and what multi-GPU training each link allows (bidirectional bandwidth)
col-cards = GPUs
col-link = Link between GPUs
col-bandwidth = Bandwidth
col-sharded = Multi-GPU training
link-nvlink5-nvswitch = NVLink 5 with NVSwitch
link-nvlink-nvswitch = NVLink with NVSwitch
link-infinity-fabric = Infinity Fabric
link-nvlink-bridge-optional = optional NVLink bridge
link-nvlink-bridge = NVLink bridge
link-pcie4-p2p = PCIe Gen4 peer-to-peer
link-pcie-p2p-no-nvlink = PCIe only: no NVLink, and peer-to-peer is disabled on GeForce RTX 40 and 50 cards, so GPU-to-GPU traffic is staged through host memory, well below the PCIe bus rate
ic-host-staged = bus to the host; card to card it goes through host memory, well below this
sharding-up-to = { $n ->
    [one] Yes, one GPU
   *[other] Yes, up to { $n } GPUs
}
sharding-eight-way-only = Yes, at full speed only across all 8 GPUs of a node
sharding-pairs = In pairs, with a bridge
sharding-data-parallel-only = Over PCIe: data parallel, or ZeRO/FSDP at PCIe speed
sharding-single-card = Only through host memory (slow)

## Storage
table-storage-caption = Storage, egress and what they cost
col-storage = Storage
col-price = Price
col-terms = Terms
storage-local-nvme = Local NVMe
storage-included = included
storage-local-nvme-terms = encrypted with a { $encryption } key of its own per instance; after the rental ends, the disk is kept untouched for { $hold } h, and unless you renew by then, the key is destroyed and the data becomes unreadable; the drive is wiped { $days ->
    [one] one day
   *[other] { $days } days
} after the rental ends
storage-extra-nvme = Extra local NVMe
storage-extra-nvme-terms = up to { $max } per node (how much of that a single GPU can add is not yet published), same host, same encryption
storage-network-volume = Network volume
storage-network-volume-terms = { $replicas }× replicated in the region, attaches to several instances, outlives the instance; how long it is kept after your last rental, and how it is billed between rentals, are not yet published, so download anything you cannot lose
storage-snapshots = Snapshots
storage-snapshots-terms = restore on any instance in the region
storage-egress = Egress
storage-egress-terms = { $included } a month included per instance; what a weekly rental includes is not yet published

## Service terms
table-service-terms-caption = Service terms
col-service = Term
service-uptime = Uptime SLA
service-failure = If a GPU fails
service-failure-replace = replaced with a working GPU in the same region
service-failure-replace-or-credit = replaced in the same region, or the lost time credited pro rata
service-refund = Refunds
service-refund-none = none: a paid rental is not refunded
service-refund-unused-days = unused whole days refunded pro rata
service-refund-before-start = only before the rental starts
service-ready = Ready after payment
service-ready-minutes = within { $n ->
    [one] a minute
   *[other] { $n } minutes
} of a confirmed payment
service-ready-hours = within { $n ->
    [one] an hour
   *[other] { $n } hours
} of a confirmed payment
service-ready-days = within { $n ->
    [one] a day
   *[other] { $n } days
} of a confirmed payment
service-terms = Terms of service
service-terms-label = Read the terms of service
service-not-listed = not yet published

## Bundles
table-bundles-caption = Bundles: GPUs in the same node, rented together (a whole node, or a pair)
col-bundle = Bundle
col-discount = Discount
bundle-list-price = list price { $price }
table-bundles-note = A bundle costs the single-GPU price times the number of GPUs, less the discount; the result is rounded to { $sig } significant figures.

## Memory table
table-memory-caption = GPU memory by model and method, with its components
col-model = Model
memory-model-arch = { $layers } layers, hidden { $hidden }, vocabulary { $vocab }
memory-no-fit = nothing in stock holds it

## Break-even table
table-beat-caption = Rates to beat: the hourly rate above which a week or a month costs less, by how busy the GPU is
col-beat-month = Month, { $share } busy
col-beat-week = Week, { $share } busy
table-beat-note = A rental costs less than hourly billing for the same use when the hourly rate you can get is above the figure shown: the rental’s price ÷ (its hours × the share of them the GPU is busy × the GPUs). We count a month as { $month } hours and a week as 168; at 100% busy the figure is the rental’s own per-GPU-hour price. Your own break-even is the rental’s price ÷ your hourly rate, in GPU-hours; divide by the GPUs for the hours each GPU must be busy.
table-break-even-caption = Break-even against the market range: the GPU-hours at which a month or a week costs the same as hourly billing
col-market-hourly = Market hourly
col-break-even-hours = Break-even, GPU-hours a month
col-share-of-month = Share of the month
col-window-hourly = Two weeks 24/7 at the hourly rate
col-window-weekly = Two weeks as weekly rentals
term-weeks = { $count ->
    [one] one week
    [2] two weeks
    [3] three weeks
   *[other] { $count } weeks
}
term-months = { $count ->
    [one] one month
    [2] two months
    [3] three months
   *[other] { $count } months
}
table-break-even-note = Break-even is the monthly price divided by the on-demand hourly rate, rounded to the nearest { $round } hours; the share of a month, counted as { $hours } hours, is worked out from the hours as printed. The weekly break-even is the weekly price divided by the same rates, rounded the same way. Where one end of the range would need more hours than the week’s 168 or the month’s { $hours }, the cell says so: that rental breaks even only at the high rate. If you can rent by the hour for less than a week’s or a month’s own per-GPU-hour price (this table shows both, under the monthly price and in the weekly column), that rental never pays off, even 24/7. Two weeks 24/7 is { $window } hours. The table of rates to beat needs no market figure: set the rate you are offered against it.

## Training table
table-training-caption = How long each fine-tuning job below takes, and what it costs (each row gives its job’s size)
col-offer = GPU or bundle
col-hours = Hours
col-cost-hourly = Pro-rata cost
col-cost-term = Cheapest rental that covers it
training-job-size = { $examples } examples × { $epochs } epochs, { $tokens } tokens
training-term-k = { $k } FLOPs per parameter per token × { $params }B parameters
training-term-flops = { $flops } FLOPs in all
training-term-rate = { $tflops } dense BF16 TFLOPS × { $cards ->
    [one] { $cards } GPU
   *[other] { $cards } GPUs
} × HFU { $mfu }
training-term-step = × { $factor }: { $method }’s step time measured against LoRA’s
training-offer-rate = { $tflops } TFLOPS dense BF16 per GPU
training-at-rate = at { $rate } per GPU-hour
table-training-note = Hours = FLOPs per parameter per token × parameters × tokens ÷ (dense BF16 TFLOPS × 10¹² × GPUs × HFU × 3,600), with gradient checkpointing and { $tokens } tokens per example; parameters are the checkpoint’s, counted from its shapes. QLoRA’s hours are then multiplied by { $qlora }: its step was measured that much slower than LoRA’s, because it dequantizes its 4-bit base as it goes. The FLOPs per token include the recomputation that checkpointing adds, so the utilization is of the hardware’s FLOPs (HFU, { $mfu }), not of the model’s; the shorter time is at the higher HFU. Pro-rata cost = the hours as printed × the per-GPU-hour price × the GPUs. The per-GPU-hour price is that of the cheapest week or month that covers the pessimistic (longer) time with { $margin } of it to spare: a week’s price ÷ 168 hours, or a month’s ÷ { $hours }, per GPU. Click a row’s hours for their breakdown.
unit-million = { $value }M

## Jobs that fit a card
table-jobs-caption = Fine-tuning jobs that fit one { $card }
col-share-of-card = Share of usable memory
table-jobs-note = A job fits when it needs at most { $headroom } of the GPU’s { $usable } of usable memory, that is { $limit }. Each share is of the full { $usable }; a job that fills more than { $tight } of it is marked tight, and even an unmarked fit is an estimate to check against the measured peak. Here a job’s figure is rounded up to the whole GB, while the fit table rounds a multi-GPU bundle’s per-GPU figure up to 0.1 GB, so the same job can differ between the two by a fraction of a GB and a percentage point.

## Card pages
gpus-title = GPU prices
gpus-description = Every GPU we rent, with its specifications, weekly and monthly prices, stock by region, and the fine-tuning jobs it fits.
gpus-intro = The table lists the GPUs in stock as of our last stock count. Every GPU we rent, including those out of stock, has its own page below, with its specifications, prices, stock by region, the fine-tuning jobs it fits and, where we have one, a worked training estimate.
card-page-title = { $card } rental
card-page-description = Rent the { $card } { $vram } for fine-tuning by the week or by the month ({ $monthly }): specifications, weekly and monthly prices, stock by region, the jobs it fits and its break-even hourly rates.
card-page-description-out = The { $card } { $vram } for fine-tuning, by the week or by the month ({ $monthly }): out of stock in every region at our last count. Specifications, prices, the jobs it fits and its break-even hourly rates.
card-page-intro = The { $card } rents for { $weekly } a week or { $monthly_amount } a month; at the monthly price, that works out to { $hourly } per GPU-hour. Its rated memory is { $vram }; the specifications below give the memory a job can actually use.
card-page-intro-out = The { $card } is listed at { $weekly } a week or { $monthly_amount } a month ({ $hourly } per GPU-hour at the monthly price), but none was in stock in any region at our last count. Its rated memory is { $vram }; the specifications below give the memory a job can actually use.
card-page-alternative = Rent the { $alt } instead: it is in stock, and with { $usable } of usable memory it holds every job the { $card } holds, for { $weekly } a week or { $monthly } a month. On the spec sheet it has { $alt_tflops } dense BF16 TFLOPS, against { $tflops } for the { $card }.
card-page-specs = Specifications
card-page-prices = Prices
card-page-availability = Stock by region
card-page-fit = In the fit table
card-page-jobs = Jobs it fits
card-page-break-even = Break-even against the market range
card-page-beat = Rates to beat
card-page-training = Training time and cost
card-page-back = All GPU prices
stock-as-of = Stock as of { $date }.
# A date in running text: the month in the form a date takes ({ $month }), or its number.
date-long = { $month } { $day }, { $year }
month-of-1 = January
month-of-2 = February
month-of-3 = March
month-of-4 = April
month-of-5 = May
month-of-6 = June
month-of-7 = July
month-of-8 = August
month-of-9 = September
month-of-10 = October
month-of-11 = November
month-of-12 = December
card-not-stocked = None in stock in any region at our last count. The GPU prices page lists the GPUs that were in stock.
table-card-specs-caption = { $card } specifications
table-card-prices-caption = { $card } prices
table-card-availability-caption = { $card } GPUs in stock at the last stock count, by region
col-spec = Specification
col-value = Value
col-region = Region
col-city = City
spec-vram = Rated memory
spec-memory = Memory type
spec-bandwidth = Memory bandwidth
spec-bf16-tflops = Dense BF16 TFLOPS
spec-source = source: { $title }
spec-fp8 = FP8
spec-yes = yes
spec-no = no
spec-interconnect = Interconnect
spec-software = Supported software stack
spec-software-no-image = supports this GPU; the installed version depends on the OS image, which we have not listed yet
spec-power = Power
spec-local-nvme = Local NVMe included
spec-not-listed = not yet published
spec-host = Host CPU, RAM and network
spec-host-cpu = Host CPU cores
spec-host-ram = Host RAM
spec-network = Network
spec-images = Images and drivers
spec-image = { $name } ({ $os }, driver { $driver }, { $toolkit })

## Charts
chart-memory-title = GPU memory each fine-tuning job needs on one GPU, against the GPUs we rent
chart-memory-desc = Bars show the memory each job needs on one GPU, on a logarithmic scale; vertical lines mark the usable memory of the single GPUs we rent: { $caps }. Needs:
chart-memory-axis = GB, logarithmic scale
chart-memory-caps = Capacity, GB
chart-memory-caption = Memory each job needs on one GPU (bars) against the usable memory of our single GPUs (vertical lines). Bundles have no line: split over their GPUs, a job needs more in all; the fit table gives their per-GPU figures. The table above holds the same figures with their components.
chart-break-even-title = { $offer }: a month’s cost against GPU-hours used
chart-break-even-desc = A month’s rental of the { $offer } costs { $term } however many hours you use. Renting by the hour at { $rate } costs more the more you use, and passes the month’s price at { $hours } GPU-hours of a month counted as { $month } hours.
chart-break-even-axis-hours = GPU-hours used in a month
chart-break-even-term = Monthly rental, { $term }
chart-break-even-hourly = Hourly, { $rate }
chart-break-even-caption = In the range of about { $hours } GPU-hours a month, the answer depends on your hourly rate: below the low end, paying by the hour for that month’s use is cheaper; above the high end, the month beats hourly.
table-card-prices-note = Under each price is its per-GPU-hour price: a week’s price over 168 hours, a month’s over { $hours }, divided by the number of GPUs. Memory is what the GPUs report, in GB of 10⁹ bytes; below it are the same memory in binary gigabytes (GiB) and the vendor’s rated size.
group-note-two-four-eight = 2-, 4- or 8-way

## Pages shown from another language
fallback-notice = This page has not been translated into English yet, so it is shown in its original language, { $original }.
fallback-original = Read the original
switcher-untranslated = not translated

## Rent actions of a bundle beside its card's own, and included NVMe by size
rent-offer-week = Rent { $offer } for a week
rent-offer-month = Rent { $offer } for a month
storage-size-cards = { $size }: { $cards }
fmt-sentences = { $first } { $second }
fmt-sentence-end = {"."}
fmt-clauses = { $first }; { $second }
fmt-aside = {" "}({ $text })
# Open Graph locale (language_TERRITORY), for link previews.
og-locale = en_US
chart-memory-item = { $job }: { $need }
rent-offer-week-label = Rent { $offer } for a week in { $region }
rent-offer-month-label = Rent { $offer } for a month in { $region }
## Ranges: $2.49–$3.49, 25%–50% (uk and ru write the unit once)
fmt-usd-range = ${ $low }–${ $high }
fmt-percent-range = { $low }–{ $high }%
col-we-rent = What you can rent
table-interconnect-note = “Multi-GPU training” is what the link allows. ZeRO-3 and FSDP also run over PCIe, but every step moves weights and gradients between the GPUs, and that exchange can set the pace of the step. The last column lists the GPUs and bundles we rent on it: a dash means we describe those GPUs for comparison and do not rent them. We rent GPUs together only as the bundles in that column: an 8-GPU bundle is a whole node, the 2× A100 SXM a pair of GPUs in the same node. Every other GPU is rented on its own.
service-contact = Contact
service-contact-label = Contact, to ask before ordering
gpus-list-title = GPU pages
fmt-approx = ~{ $value }
memory-ecc = { $memory }, ECC on by default
memory-ecc-off = { $memory }, ECC off by default
sharding-not-rented = { $allowed } (we rent these GPUs only one at a time)
catalog-link-single = not used: rented as a single GPU
catalog-link-in-bundles = used only by the { $bundles } bundle
sharding-rented-as = (for sharding we rent them only as { $bundles })
sharding-rented-as-some = (for sharding we rent only { $bundles }; the { $singles } we rent one at a time)
chart-items-separator = { "; " }
fmt-value-label = { $value } ({ $label })
fmt-links = { $links } × { $each }
fmt-alternatives-separator = { " / " }

## Model M2: memory terms, picks, calibration
memory-trainable = gradients and optimizer state { $value }
memory-logits = logits { $value }
memory-buffers = working buffers { $value }
memory-plan-none = a whole copy on each GPU (data parallel)
memory-plan-zero2 = gradients and optimizer state split over the GPUs (ZeRO-2)
memory-plan-zero3 = weights, gradients and optimizer state split over the GPUs (ZeRO-3)
memory-per-card = on each of the { $cards } GPUs { $value }
memory-pick = our pick: { $offer }
price-per-gpu-hour = { $price }/GPU-hr
col-card-share = Share of usable memory
fit-of-usable = of { $usable } usable
fit-tight = { $of } (tight)
fit-rule = Cheapest { $stack } option for the reference job: { $hours } h, { $cost } for { $run }
fit-rule-safe = Our { $stack } pick for the reference job: the { $passed } below is cheaper if speed scales with spec-sheet TFLOPS, but this pick’s price holds even if the job turns out memory-bandwidth-bound: { $hours } h, { $cost } for { $run }
fit-rule-only = No { $first } offer holds this job. Cheapest { $stack } option for the reference job: { $hours } h, { $cost } for { $run }
fit-other = { $offer } on { $stack }, possibly cheaper (speed not measured):
fit-other-why = { $hours } h, { $cost } for { $run }; fills { $share } of its { $usable } of usable memory
fit-other-tight = { $hours } h, { $cost } for { $run }; fills { $share } of its { $usable } of usable memory (tight)
fit-override = our choice: { $reason }
fit-short-run = The run uses only { $used } of that rental; the rental only pays off if you have more work for it. For this one run alone, hourly rental elsewhere is cheaper at any rate under { $rate } ({ $rate_fast } if the run is as fast as our best case).
fit-bandwidth = This assumes speed scales with spec-sheet TFLOPS ({ $tflops_ratio } times those of the { $rival }). If the job is memory-bandwidth-bound ({ $ratio } times the bandwidth), the { $pick } needs { $hours } h, { $cost } for { $run }, and the { $rival } costs less: { $rival_cost } for { $rival_run }.
fit-co-pick = { $offer }: cheaper if your job reaches { $tokens_per_s } tokens/s on it
fit-co-pick-unless = { $offer }: cheaper only if your job reaches { $tokens_per_s } tokens/s on the { $offer } but not on the { $rival }
fit-co-pick-why = Scaled by spec-sheet TFLOPS: { $paper_hours } h, { $paper_cost } for { $paper_run }; with our { $margin } margin, that price needs { $tokens_per_s } tokens/s or more ({ $tokens } tokens in { $usable_hours } × 3,600 seconds, rounded up). If the job is entirely memory-bandwidth-bound (the { $offer } has { $tflops_ratio } times the spec-sheet TFLOPS of the { $rival } but only { $ratio } times its memory bandwidth), it needs { $hours } h, { $cost } for { $run }, more than { $rival_cost } on the { $rival }. Real speed lies in between, and specs cannot say where: measure your tokens/s in the first hour.
fit-co-pick-rival-week = At { $tokens_per_s } tokens/s, one week of the { $rival } ({ $rival_week }) holds the job too, so measure both.
fit-bandwidth-bound = If the job is entirely memory-bandwidth-bound (the { $pick } has { $tflops_ratio } times the spec-sheet TFLOPS of the { $rival } but only { $ratio } times its memory bandwidth), it needs { $hours } h; with our { $margin } margin, that is { $cost } for { $run }, against { $rival_cost } for { $rival_run } on the { $rival }, so the pick holds.
fit-unmeasured = The hours assume { $stack } reaches the same share of spec-sheet TFLOPS as { $first }; we have measured neither.
table-fit-note = Memory figures come from our memory model (GB = 10⁹ bytes): gradient checkpointing, { $seq }-token sequences, a batch of { $batch } per GPU, rank-{ $rank } adapters on all linear layers, and attention by FlashAttention or by PyTorch SDPA with its flash or memory-efficient backend, neither of which keeps the sequence × sequence score matrix (SDPA’s math fallback does). Every GPU adds a runtime reserve of { $reserve }, plus { $allocator } of its tensors for the allocator. A GPU qualifies when the job fills at most { $headroom } of its usable memory, as nvidia-smi or amd-smi reports it. Among the GPUs and bundles in stock that qualify, we price our reference job on each: { $examples } examples × { $epochs } epochs × { $tpe } tokens, { $tokens } tokens in all. Hours run from an optimistic { $high } of the GPU’s dense BF16 TFLOPS to a pessimistic { $low } (hardware FLOPs utilization, HFU). The price is for the cheapest run of whole weeks and months that covers the pessimistic end and leaves { $margin } of the rental free for setup, checkpoints, evaluation and a restart.
table-fit-note-bandwidth = The pick is not simply the cheapest of these. Parts of every step wait on memory rather than compute (QLoRA’s dequantization, for one), so an offer is passed over when a slower offer would cost less once the faster GPU’s lead is cut to the ratio of their memory bandwidths. The pick is the cheapest offer that is not passed over. It can therefore cost more, if speed scales with spec-sheet TFLOPS, than the offer it passed over; the row then shows that offer under the pick, with both sets of figures.
table-fit-note-first = Most training code is written for { $first }, so the pick is a { $first } offer wherever one qualifies. Where an offer on another stack costs less, it is shown under the pick, with its own Rent buttons; its hours are not measured on that stack.
table-fit-note-end = A one-GPU job’s figure is rounded up to the next whole GB; a multi-GPU job’s per-GPU figure is rounded up to the next 0.1 GB, and its total is that figure times the GPUs; percentages are the printed need over the printed usable memory, so you can redo them from the table. Per GPU-hour divides a week’s price by 168 hours, or a month’s by { $hours }, and then by the number of GPUs. A fit marked “tight” comes close to the { $headroom } limit: measure the peak on a short run before you pay for a month. A tokens/s threshold is for the reference job: for your own, divide your token count by the same number of seconds. The rate under which hourly billing is cheaper for a single run is worked out from the hours as printed and rounded down to two significant figures, so below it hourly billing is surely cheaper for that one run. Each Rent button lists the regions that had the offer in stock at our last count; a region’s week or month link opens the order page with those filled in and reserves nothing by itself. Where a price covers two weeks or more, order one week, then pay the renewal invoice that appears in your account on the order site before the week ends. Click a figure for its breakdown, and a GPU’s name for the rest of what we weighed.
table-memory-note = Memory figures come from our memory model (GB = 10⁹ bytes): gradient checkpointing, { $seq }-token sequences, a batch of { $batch } and rank-{ $rank } adapters on all linear layers, attention by FlashAttention or by PyTorch SDPA with its flash or memory-efficient backend (neither keeps the sequence × sequence score matrix; SDPA’s math fallback does), plus a runtime reserve of { $reserve } and { $allocator } of the tensors for the allocator. Each figure is the job on one GPU; the fit table gives it per GPU and in total on the GPUs we would rent. A GPU qualifies when the job fills at most { $headroom } of its usable memory; where a pick is marked “tight”, measure the peak on a short run before you pay for a month.
table-breakdown-caption = { $job }: memory term by term
col-term = Term
col-formula = Formula
col-figure = Figure
term-weights = Resident weights
term-trainable = Gradients and optimizer state
term-activations = Activations
term-logits = Logits and loss
term-buffers = Working buffers
term-reserve = Runtime reserve
term-per-card = Per GPU
term-total = All GPUs
term-sum = sum of the terms above
term-live = the terms above
table-calibration-caption = Our estimate against the published runs its constants were fitted to
table-calibration-note = { $runs } published runs. Median absolute error { $median }; worst under-estimate { $under }, worst over-estimate { $over }. A negative error means the run needed more than we estimated; the rows with a note say why. Our model’s constants were fitted to these same runs, so these errors measure the fit (in-sample), not an independent test: we have not yet tested the model on runs it was not fitted to.
col-run = Run
col-measured = Measured
col-estimate = Our estimate
col-error = Error
col-source = Source
calibration-job = { $model }, { $method }
calibration-settings = { $seq } tokens, batch { $batch }, { $cards ->
    [one] 1 GPU
   *[other] { $cards } GPUs, { $sharding }
}, checkpointing { $checkpointing }
calibration-allocated = peak allocated
calibration-reserved = peak reserved
calibration-nvidia-smi = nvidia-smi
calibration-unstated = measurement method not stated
calibration-versions-minimums = minimum versions as stated
calibration-versions-unstated = versions not stated
calibration-source = Source
calibration-source-label = { $source } (opens the published measurement)
col-week-break-even = Break-even, GPU-hours a week
break-even-of-week = Week: { $price } ({ $rate })
free-nodes = { $cards ->
    [2] { $nodes ->
        [0] (no two of them on one node)
        [one] (including one same-node pair)
       *[other] (including { $nodes } same-node pairs)
    }
    [one] { $nodes ->
        [one] (including one whole node)
       *[other] (including { $nodes } whole nodes)
    }
   *[other] { $nodes ->
        [0] (none of them a whole { $cards }-GPU node)
        [one] (including one whole { $cards }-GPU node)
       *[other] (including { $nodes } whole { $cards }-GPU nodes)
    }
}
free-nodes-exact = { $cards ->
    [one] { $nodes ->
        [one] (all of them in one whole node)
       *[other] (all of them in { $nodes } whole nodes)
    }
    [2] { $nodes ->
        [one] (the two of them are one same-node pair)
       *[other] (all of them in { $nodes } same-node pairs)
    }
   *[other] { $nodes ->
        [one] (all of them in one whole { $cards }-GPU node)
       *[other] (all of them in { $nodes } whole { $cards }-GPU nodes)
    }
}
usable-gb = { $value }
spec-vram-marketed = on the datasheet
spec-usable = Usable memory
spec-usable-source = converted from the { $mib } MiB that { $tool } reports { $of }; every job is compared with this figure
spec-usable-source-ecc = converted from the { $mib } MiB that { $tool } reports with ECC on, the default, which reserves about one-sixteenth of the rated size { $of }; every job is compared with this figure
calibration-why-loader = ms-swift’s reserved peak is only 14% under the same job in BF16 LoRA although the 4-bit base is 10 GB smaller: the allocator likely keeps the BF16 checkpoint’s blocks freed while quantizing at load, which our model does not count
calibration-why-attention = without checkpointing at 4,096 tokens this run keeps more per layer than our model’s tensors (its attention implementation is not stated; eager attention also keeps the score matrices)
calibration-why-qwen-logits = Qwen-1’s own model code keeps more copies of the logits (152,000-entry vocabulary) than the transformers path our model assumes
calibration-why-small-fsdp = the smallest job of the set: fixed FSDP buffers our model does not count weigh most here
calibration-why-unstated-zero3 = cause unknown: the guide does not say how it measured (we compare with what the allocator holds)
offer-as-bundle = { $offer } (rented together)
offer-as-single = { $offer } (single GPU)
offer-as-single-none = { $offer } (single GPU, none in stock)
stock-none-short = (out of stock at our last count)
unit-gib = { $value } GB
unit-gib-rated = { $value } GB
memory-pick-per-card = our pick: { $offer }, { $gb } per GPU
calibration-pure-bf16 = pure BF16: no FP32 master copy, BF16 moments (8 bytes per parameter, not 16)
calibration-gptq-int4 = GPTQ Int4 base, estimated as bitsandbytes NF4: both store about 4 bits a weight plus small per-group constants
calibration-on = on
calibration-off = off
spec-link-single = not used: rented as a single GPU
spec-link-none = (we rent it only as a single GPU)
free-nodes-all = { $nodes ->
    [one] Every GPU in stock here is in that node: renting a single GPU breaks it up, and { $offer } goes out of stock here.
   *[other] Every GPU in stock here is in those { $nodes } nodes: renting a single GPU breaks one up and leaves one node fewer for { $offer }.
}
rent-breaks-node = { $nodes ->
    [one] Renting a single GPU in { $region } breaks up the only { $bundle } node in stock there.
   *[other] Every free GPU of this model in { $region } is in one of { $nodes } { $bundle } nodes: renting a single one there leaves one node fewer.
}
share-tight = tight: measure the peak on a short run first
memory-pick-tight = { $pick }; tight ({ $share } of usable memory per GPU)
memory-pick-other = { $pick }; cheaper on { $stack }: { $offer }
memory-pick-other-tight = { $pick }; cheaper on { $stack }: { $offer }, tight ({ $share } of its usable memory)
fit-card-nvme = { $card } ({ $size })
vram-of-rated-ecc = ({ $usable } GiB with ECC on; rated { $rated } GB)
vram-of-rated = ({ $usable } GiB; rated { $rated } GB)
# A break-even range whose far end is past the whole week or month: that end never comes.
break-even-range-over = { $low } GPU-hours at the high rate and never at the low one (that would take more than the { $hours } hours we count for the rental)
break-even-cell-over = { $low } at the high rate; never at the low rate.
calc-title = Size your own job
calc-intro = Pick a listed model or paste a Hugging Face config.json, set the job, and see each memory term with its formula, the GPUs and bundles in stock that hold the job, and what a training run of your size costs on each. The memory comes from the same model and constants as every table on this site.
calc-noscript = The calculator needs JavaScript. Every table on this page works without it, and memory-model.json (linked at the foot of every page) holds every constant it computes with.
calc-model = Model
calc-model-pick = Listed model
calc-custom = Your own architecture
calc-config = Or paste its config.json
calc-config-error = We cannot read this config.json ({ $error }). It needs hidden_size, num_hidden_layers, num_attention_heads, intermediate_size and vocab_size as whole numbers.
calc-hidden = Hidden size (hidden_size)
calc-layers = Layers (num_hidden_layers)
calc-heads = Attention heads (num_attention_heads)
calc-kv-heads = Key/value heads (num_key_value_heads)
calc-intermediate = MLP size (intermediate_size)
calc-vocab = Vocabulary (vocab_size)
calc-tied = Output head shares the embeddings (tie_word_embeddings)
calc-bias = Biases on q, k and v (attention_bias)
calc-job = Job
calc-method = Method
calc-seq = Sequence length, tokens
calc-batch = Batch per GPU
calc-rank = LoRA rank
calc-tokens = Training tokens, millions
calc-checkpointing = Gradient checkpointing
calc-chunked = Chunked cross-entropy (Liger Kernel, Cut Cross-Entropy)
calc-invalid = { $field }: enter a number from { $min } to { $max }.
calc-kv-over = Key/value heads cannot be more than attention heads.
calc-terms-caption = { $job } on one GPU, term by term (GB = 10⁹ bytes)
calc-term-allocator = Allocator blocks
calc-term-context = CUDA or ROCm context
calc-offers-caption = GPUs and bundles in stock that hold this job within { $headroom } of their usable memory: CUDA first, then cheapest run first. Unlike the fit table, this list does not check memory bandwidth, so for a job we list, the fit table’s pick can differ.
calc-offers-note = Hours run from the fast end of our estimate to the slow end; the price is the cheapest run of weeks and months that covers the slow end and leaves our margin free. A Rent link orders one week or one month in the region you choose.
calc-none = No GPU or bundle in stock holds this job within { $headroom } of its usable memory. Shorter sequences, a smaller batch, gradient checkpointing or QLoRA bring it down.
calc-col-need = Need per GPU
calc-col-run = Training run of { $tokens }M tokens
calc-run = { $fast }–{ $slow } h, { $cost } for { $run }
calc-run-long = { $fast }–{ $slow } h: longer than any run we price here
calc-sharded = { $need } (sharded)
calc-share-of = { $share } of { $usable }
calc-link = Another model, sequence length or batch? Size your own job with the calculator, against the GPUs in stock.
calibration-adapters = , LoRA rank { $rank } on { $targets }
calibration-all-linear = all linear layers

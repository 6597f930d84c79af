# GPU Rent Hub: строки интерфейса (русский).

-brand = GPU Rent Hub
site-title = { -brand }
language-name = Русский
skip-to-content = Перейти к содержимому
nav-label = Основная
language-switcher-label = Язык
section-pages = В этом разделе
footer-arithmetic = Все цифры на этом сайте рассчитываются при сборке из опубликованных нами данных, так что любую из них можно проверить.
footer-copyright = © { $site }
root-description = Аренда GPU для дообучения моделей — с расчётами, которые можно проверить. Выберите язык.
root-choose = Читать на русском
not-found-title = Страница не найдена
not-found-body = Такой страницы нет. Начните заново с главной:

## Форматы чисел
fmt-usd = { $amount } $
fmt-percent = { $value } %
fmt-range = { $low }–{ $high }
fmt-list-separator = {", "}
unit-gb = { $value } ГБ
unit-tb = { $value } ТБ
unit-gbs = { $value } ГБ/с
unit-tbs = { $value } ТБ/с
price-per-month = { $price }/мес
price-per-tb-month = { $price } за ТБ в месяц
price-per-tb = { $price } за ТБ
offer-bundle = { $count }× { $card }
region-with-city = { $id } { $city }
city-dallas = Даллас
city-ashburn = Ашберн
city-hillsboro = Хиллсборо

## Методы
method-full = полное дообучение
method-lora = LoRA
method-qlora = QLoRA

## Таблица соответствия
table-fit-caption = Сколько видеопамяти нужно для дообучения и какая карта с этим справится
col-job = Модель и метод
col-vram-needed = Нужно VRAM
col-card-that-fits = Подходящая карта
col-card-vram = VRAM карты
col-weekly = За неделю
col-monthly = За месяц
col-per-gpu-hour = За GPU-час
col-cheapest-fit = Самый дешёвый подходящий вариант
fit-job = { $size }, { $method }
fit-cheapest-same = эта же карта
fit-note-4bit-base-rank = 4-битная база, ранг { $rank }
fit-note-4bit-base = 4-битная база
fit-note-bf16-resident = база в BF16 постоянно в памяти
fit-note-bf16-base = база в BF16
fit-note-4bit-weights = { $weights } весов в 4 битах
fit-note-bf16-one-card = база в BF16, одна карта
fit-note-adam-bytes = Adam, { $bytes } Б на параметр
fit-note-zero3-node = ZeRO-3 на весь узел
pick-note-cheapest-cuda = NVLink, самый дешёвый вариант с CUDA
pick-note-no-sharding = без шардирования
pick-note-infinity-fabric = Infinity Fabric
table-fit-note = Память посчитана по нашей модели: gradient checkpointing включён, длина последовательности — { $seq }, размер батча — { $batch }, адаптеры ранга { $rank } (около { $adapter } параметров), резерв на среду выполнения — { $reserve }; результат округлён вверх до целого гигабайта. Выбранная карта должна вмещать задачу в пределах { $headroom } своей памяти. Цена за GPU-час — это месячная цена, делённая на { $hours ->
    [one] { $hours } час
    [few] { $hours } часа
    [many] { $hours } часов
   *[other] { $hours } часа
} и на число карт. Раскройте цифру, чтобы увидеть, из чего она складывается.
memory-weights = веса { $value }
memory-trainable = градиенты и оптимизатор { $value }
memory-activations = активации { $value }
memory-reserve = резерв на среду выполнения { $value }
memory-total = итого { $value }

## Каталог
table-cards-caption = Карты для аренды под обучение — в том порядке, в каком мы сами бы их развёртывали
col-gpu = GPU
col-vram = VRAM
col-interconnect = Межсоединение
col-free-now = Свободно сейчас
badge-pick = наш выбор
spec-no-fp8 = без FP8
table-cards-note = Цена за GPU-час — это месячная цена, делённая на { $hours ->
    [one] { $hours } час
    [few] { $hours } часа
    [many] { $hours } часов
   *[other] { $hours } часа
}. Раскройте число свободных карт, чтобы увидеть разбивку по регионам.
link-with-bandwidth = { $link } { $bandwidth }
link-with-bandwidth-pairs = { $link } { $bandwidth }, попарно

## Межсоединение
table-interconnect-caption = Как карты связаны между собой и какое шардированное обучение это позволяет
col-cards = Карты
col-link = Связь между картами
col-bandwidth = Пропускная способность
col-sharded = Шардированное обучение
link-nvlink5-nvswitch = NVLink 5 с NVSwitch
link-nvlink-nvswitch = NVLink с NVSwitch
link-infinity-fabric = Infinity Fabric
link-nvlink-bridge-optional = Опциональный мост NVLink
link-nvlink-bridge = Мост NVLink
link-pcie4-p2p = PCIe Gen4 peer-to-peer
link-pcie-p2p-no-nvlink = PCIe peer-to-peer, без NVLink
sharding-up-to = { $n ->
    [one] Да, максимум { $n } карта
    [few] Да, максимум { $n } карты
    [many] Да, максимум { $n } карт
   *[other] Да, максимум { $n } карты
}
sharding-eight-way-only = Да, только на 8 карт
sharding-pairs = Попарно
sharding-data-parallel-only = Только параллелизм по данным
sharding-single-card = Только одна карта

## Хранилище
table-storage-caption = Хранилище, исходящий трафик и их стоимость
col-storage = Хранилище
col-price = Цена
col-terms = Условия
storage-local-nvme = Локальный NVMe
storage-included = входит в стоимость
storage-local-nvme-terms = отдельное шифрование { $encryption } для каждого инстанса; затирается через { $days ->
    [one] { $days } день
    [few] { $days } дня
    [many] { $days } дней
   *[other] { $days } дня
} после окончания срока
storage-extra-nvme = Дополнительный локальный NVMe
storage-extra-nvme-terms = до { $max } на узел, тот же хост, то же шифрование
storage-network-volume = Сетевой том
storage-network-volume-terms = { $replicas ->
    [one] { $replicas } реплика
    [few] { $replicas } реплики
    [many] { $replicas } реплик
   *[other] { $replicas } реплики
} в пределах региона, подключается к нескольким инстансам, сохраняется после удаления инстанса
storage-snapshots = Снимки
storage-snapshots-terms = восстанавливаются на любом инстансе в регионе
storage-egress = Исходящий трафик
storage-egress-terms = { $included } в месяц на каждый инстанс входит в стоимость

## Конфигурации
table-bundles-caption = Конфигурации из нескольких карт
col-bundle = Конфигурация
col-discount = Скидка
bundle-list-price = без скидки { $price }
table-bundles-note = Цена конфигурации — это цена одной карты, умноженная на число карт, за вычетом скидки и округлённая до { $sig ->
    [one] { $sig } значащей цифры
    [few] { $sig } значащих цифр
    [many] { $sig } значащих цифр
   *[other] { $sig } значащей цифры
}.

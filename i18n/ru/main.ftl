# GPU Rent Hub: строки интерфейса (русский).

-brand = GPU Rent Hub
site-title = { -brand }
language-name = Русский
skip-to-content = Перейти к содержимому
nav-label = Основное меню
language-switcher-label = Язык
section-pages = Руководства
footer-arithmetic = Цены, наличие и все расчёты памяти, времени и стоимости взяты из наших открытых данных или посчитаны по ним, так что их можно проверить. Почасовые ставки без обязательств (on-demand) — наша иллюстрация, а не цены какого-либо провайдера. Наличие карт указано на дату, которая приведена рядом с ним.
footer-data = Данные в формате JSON:
footer-contact = Вопросы до заказа:{ " " }
footer-terms = Пользовательское соглашение
footer-copyright = © { $site }
root-description = Аренда GPU для дообучения моделей — с расчётами, которые можно проверить. Выберите язык.
root-choose = Читать на русском
not-found-title = Страница не найдена
not-found-body = Такой страницы нет. Перейти на главную:

## Форматы чисел
fmt-usd = { $amount } $
fmt-percent = { $value } %
fmt-range = { $low }–{ $high }
fmt-list-separator = {", "}
unit-gb = { $value } ГБ
unit-mb = { $value } МБ
unit-tb = { $value } ТБ
unit-watt = { $value } Вт
market-rate-note = Наша иллюстрация почасовых цен на { $card }, а не замер рынка и не предложение провайдера
unit-gbs = { $value } ГБ/с
unit-gbits = { $value } Гбит/с
unit-tbs = { $value } ТБ/с
price-per-week = { $price }/нед
price-per-month = { $price }/мес
price-per-tb-month = { $price } за ТБ в месяц
price-per-tb = { $price } за ТБ
offer-bundle = { $count }× { $card }
region-with-city = { $city } ({ $id })
city-dallas = Даллас
city-ashburn = Эшберн
city-hillsboro = Хиллсборо

## Методы
method-full = полное дообучение
method-lora = LoRA
method-qlora = QLoRA

## Таблица соответствия
table-fit-caption = Задача — карта: сколько видеопамяти нужно для дообучения и какая карта с этим справится
col-job = Модель и метод
col-vram-needed = Нужно видеопамяти
col-card-that-fits = Карта по правилу подбора
col-card-vram = Видеопамять карты
col-weekly = За неделю
col-monthly = За месяц
col-per-gpu-hour = За GPU-час
rent-week = Арендовать на неделю
rent-month = Арендовать на месяц
rent-week-label = Арендовать на неделю: { $offer } в { $region }
rent-month-label = Арендовать на месяц: { $offer } в { $region }
fit-job = { $size }, { $method }
fit-cheapest-same = этот же вариант
fit-per-card = { $gb } на карту
fit-all-cards = { $gb } на { $cards } { $cards ->
    [one] карту
    [few] карты
    [many] карт
   *[other] карт
}
fit-note-4bit-base-rank = 4-битная база, ранг { $rank }
fit-note-4bit-base = 4-битная база
fit-note-bf16-resident = база в BF16
fit-note-bf16-base = база в BF16
fit-note-4bit-weights = веса { $weights }: линейные слои в 4 битах, эмбеддинги в BF16
# $bytes arrives as formatted text, so a plural selector always falls to [other]; 16 takes «байт».
fit-note-adam-bytes = AdamW, { $bytes } байт на параметр
fit-note-zero3-node = ZeRO-3 на весь узел
pick-note-cheapest-cuda = NVLink, самый дешёвый вариант с CUDA
pick-note-no-sharding = без шардирования
pick-note-infinity-fabric = Infinity Fabric
pick-note-compute = производительность в BF16 заметно выше, чем у самой дешёвой подходящей карты; есть поддержка FP8
memory-weights = веса { $value }
memory-activations = активации { $value }
memory-reserve = служебный резерв { $value }
memory-total = точно: { $value } (в ячейке — с округлением вверх)

## Каталог
table-cards-caption = Карты для обучения, по убыванию доступной памяти
col-gpu = GPU
col-vram = Видеопамять
col-interconnect = Интерконнект
col-free-now = Свободно
spec-no-fp8 = без FP8
table-cards-note = Память — объём, доступный задаче: то, что сообщает nvidia-smi или amd-smi (в МиБ), в пересчёте на ГБ по 10⁹ байт. Под ним — тот же объём в двоичных гигабайтах (ГиБ, по 2³⁰ байт) рядом с паспортным: производитель пишет его как «ГБ», но считает в ГиБ. Карта сообщает паспортный объём или чуть меньше, а карта с включённым ECC (это отмечено) — примерно на шестнадцатую часть меньше: столько забирает ECC. Под каждой ценой — стоимость GPU-часа: недельная цена, делённая на 168 часов, или месячная, делённая на { $hours }. Под интерконнектом сказано, в какой многокарточной конфигурации он используется; карта, которую сдают по одной, его не использует. Наличие — на дату под таблицей; разверните число, чтобы увидеть распределение по регионам.
link-with-bandwidth = { $link } { $bandwidth }

## Интерконнект
table-interconnect-caption = Как карты связаны между собой и какое шардированное обучение это позволяет (пропускная способность — суммарно в обе стороны)
col-cards = Карты
col-link = Интерконнект
col-bandwidth = Пропускная способность
col-sharded = Шардированное обучение
link-nvlink5-nvswitch = NVLink 5 с NVSwitch
link-nvlink-nvswitch = NVLink с NVSwitch
link-infinity-fabric = Infinity Fabric
link-nvlink-bridge-optional = Мост NVLink (опционально)
link-nvlink-bridge = Мост NVLink
link-pcie4-p2p = PCIe Gen4, прямой обмен между картами (P2P)
link-pcie-p2p-no-nvlink = Только PCIe: без NVLink и без прямого обмена между картами (P2P)
sharding-up-to = { $n ->
    [one] Да, до { $n } карты
    [few] Да, до { $n } карт
    [many] Да, до { $n } карт
   *[other] Да, до { $n } карты
}
sharding-eight-way-only = Да, но на полной скорости — только на всех 8 картах узла
sharding-pairs = Попарно
sharding-data-parallel-only = Через PCIe: параллелизм по данным или ZeRO/FSDP на скорости PCIe
sharding-single-card = Только через память хоста (медленно)

## Хранилище
table-storage-caption = Хранилище, исходящий трафик и их стоимость
col-storage = Хранилище
col-price = Цена
col-terms = Условия
storage-local-nvme = Локальный NVMe
storage-included = входит в стоимость
storage-local-nvme-terms = отдельное шифрование { $encryption } для каждого инстанса; при продлении данные сохраняются. Если срок не продлён, через { $hold } ч после его конца ключ уничтожается, и данные больше не прочитать, а через { $days ->
    [one] { $days } сутки
    [few] { $days } суток
    [many] { $days } суток
   *[other] { $days } суток
} диск физически затирается
storage-extra-nvme = Дополнительный локальный NVMe
storage-extra-nvme-terms = до { $max } на узел, тот же хост, то же шифрование
storage-network-volume = Сетевой том
storage-network-volume-terms = { $replicas ->
    [one] { $replicas } реплика
    [few] { $replicas } реплики
    [many] { $replicas } реплик
   *[other] { $replicas } реплики
} в пределах региона, подключается к нескольким инстансам, сохраняется после удаления инстанса
storage-snapshots = Снимки
storage-snapshots-terms = восстанавливаются на любом инстансе в регионе
storage-egress = Исходящий трафик
storage-egress-terms = { $included } в месяц на каждый инстанс входит в стоимость

## Условия обслуживания
table-service-terms-caption = Условия обслуживания
col-service = Условие
service-uptime = Гарантированная доступность (SLA)
service-failure = Если карта выйдет из строя
service-failure-replace = её заменят исправной в том же регионе
service-failure-replace-or-credit = её заменят в том же регионе или пропорционально компенсируют потерянное время
service-refund = Возврат средств
service-refund-none = не предусмотрен: оплаченный срок не возвращается
service-refund-unused-days = неиспользованные полные дни возвращаются пропорционально
service-refund-before-start = только до начала срока
service-ready = Время подготовки после оплаты
service-ready-minutes = в течение { $n ->
    [one] { $n } минуты
    [few] { $n } минут
    [many] { $n } минут
   *[other] { $n } минуты
} после подтверждения оплаты
service-ready-hours = в течение { $n ->
    [one] { $n } часа
    [few] { $n } часов
    [many] { $n } часов
   *[other] { $n } часа
} после подтверждения оплаты
service-ready-days = в течение { $n ->
    [one] { $n } дня
    [few] { $n } дней
    [many] { $n } дней
   *[other] { $n } дня
} после подтверждения оплаты
service-terms = Пользовательское соглашение
service-terms-label = Прочитать пользовательское соглашение
service-not-listed = пока не опубликовано

## Конфигурации
table-bundles-caption = Конфигурации из нескольких карт
col-bundle = Конфигурация
col-discount = Скидка
bundle-list-price = без скидки { $price }
table-bundles-note = Цена конфигурации — это цена одной карты, умноженная на число карт, за вычетом скидки и округлённая до { $sig ->
    [one] { $sig } значащей цифры
    [few] { $sig } значащих цифр
    [many] { $sig } значащих цифр
   *[other] { $sig } значащей цифры
}.

## Таблица памяти
table-memory-caption = Видеопамять по моделям и методам: из чего она складывается
col-model = Модель
memory-model-arch = { $layers ->
    [one] { $layers } слой
    [few] { $layers } слоя
    [many] { $layers } слоёв
   *[other] { $layers } слоя
}, размерность модели (hidden size) { $hidden }, размер словаря { $vocab }
memory-no-fit = не помещается ни в один вариант

## Таблица безубыточности
table-beat-caption = Почасовая ставка, выше которой неделя или месяц дешевле, в зависимости от загрузки карты
col-beat-month = Месяц, загрузка { $share }
col-beat-week = Неделя, загрузка { $share }
table-beat-note = Аренда обходится дешевле почасовой оплаты того же объёма работы, если доступная вам почасовая ставка выше указанной: цена аренды ÷ (её часы × доля часов, когда карта занята × число карт). В месяце { $month } ч, в неделе 168; при загрузке 100 % это собственная цена GPU-часа аренды. Ваша точка безубыточности — цена аренды ÷ ваша почасовая ставка, в GPU-часах; разделите на число карт, чтобы получить часы работы каждой карты.
table-break-even-caption = Аренда на срок или почасовая: при какой занятости карты они стоят одинаково
col-market-hourly = Иллюстративная ставка за GPU-час
col-break-even-hours = Месяц: точка безубыточности, GPU-часов в месяц
col-share-of-month = Доля месяца
col-window-hourly = Две недели круглосуточно, почасово
col-window-weekly = То же по недельному тарифу
term-weeks = { $count ->
    [1] неделя
    [one] { $count } неделя
    [few] { $count } недели
    [many] { $count } недель
   *[other] { $count } недели
}
term-months = { $count ->
    [1] месяц
    [one] { $count } месяц
    [few] { $count } месяца
    [many] { $count } месяцев
   *[other] { $count } месяца
}
table-break-even-note = Месячная точка безубыточности — месячная цена, делённая на почасовую ставку, с округлением до { $round } часов; доля месяца — напечатанные часы, делённые на { $hours } ч месяца. Недельная точка — недельная цена, делённая на те же ставки, с округлением до часа (в неделе 168 часов). Месячная точка сравнивает месяц с почасовой оплатой той же работы за месяц, недельная — неделю с почасовой оплатой той же недели. Если почасовая ставка ниже стоимости GPU-часа самого срока (у месяца она указана под месячной ценой, у недели — под недельной точкой), по этой ставке срок не окупается даже при круглосуточной работе, и в ячейке так и написано: «по нижней не окупается». Две недели круглосуточно — это { $window } ч. Почасовой диапазон — иллюстрация типичных цен с первой версии нашей страницы, а не предложение какого-либо провайдера.

## Таблица обучения
table-training-caption = Сколько длится дообучение и сколько оно стоит
col-offer = Карта или конфигурация
col-hours = Часы
col-cost-hourly = Условная стоимость по цене GPU-часа (часы мы не продаём)
col-cost-term = Самый дешёвый срок, которого хватит
training-job-size = { $examples } примеров × { $epochs ->
    [one] { $epochs } эпоха
    [few] { $epochs } эпохи
    [many] { $epochs } эпох
   *[other] { $epochs } эпохи
}, { $tokens } токенов
training-term-k = { $k } FLOP на параметр и токен × { $params } млрд параметров
training-term-flops = всего { $flops } FLOP
training-term-rate = { $tflops } TFLOPS BF16 (без разреженности) × { $cards ->
    [one] { $cards } карта
    [few] { $cards } карты
    [many] { $cards } карт
   *[other] { $cards } карты
} × загрузка { $mfu }
training-term-step = × { $factor }: измеренное время шага { $method } относительно его FLOP
training-offer-rate = { $tflops } TFLOPS BF16 (без разреженности) на карту
training-at-rate = по { $rate } за GPU-час
table-training-note = Часы = FLOP на параметр и токен × параметры × токены ÷ (TFLOPS BF16 без разреженности × 10¹² × карты × загрузка × 3 600), с пересчётом активаций (gradient checkpointing) и { $tokens } токенов на пример; параметры — число параметров чекпоинта, посчитанное по его размерностям. Часы QLoRA затем умножаются на { $qlora }: измеренный шаг QLoRA во столько раз дольше, чем у LoRA, потому что 4-битную базу приходится деквантовать на ходу. Загрузка ({ $mfu }) — доля пиковой производительности карты, которую задача реализует на деле. Множитель FLOP на токен уже включает пересчёт активаций, поэтому это доля по аппаратным операциям (HFU), а не MFU; меньшее время соответствует большей загрузке. Стоимость — часы, как они показаны в таблице, × показанная цена GPU-часа того срока аренды, который покрывает их и по медленной оценке, оставляя свободными { $margin } срока (недельная цена, делённая на 168 часов, или месячная, делённая на { $hours }, и на число карт) × число карт. Разверните часы, чтобы увидеть расчёт.
unit-million = { $value } млн

## Задачи, которые помещаются в карту
table-jobs-caption = Задачи дообучения, которые помещаются в одну { $card }
col-share-of-card = Доля памяти карты
table-jobs-note = Задача помещается, если ей нужно не больше { $headroom } от { $usable } доступной памяти карты, то есть не больше { $limit }; доля в таблице считается от { $usable }. Если доля выше { $tight }, задача помечена «мало запаса».

## Страницы карт
gpus-title = Каталог GPU
gpus-description = Все GPU, которые мы сдаём в аренду: характеристики, цены за неделю и за месяц, наличие и задачи дообучения, которые помещаются в память каждой карты.
gpus-intro = У каждой карты, которую мы сдаём в аренду, есть своя страница: характеристики, цены, наличие по регионам, задачи дообучения, которые в неё помещаются, а там, где у нас есть расчёт, — сколько стоит обучение на ней. В таблице — карты, которые сейчас есть в наличии; страницы всех карт, в том числе тех, которых сейчас нет, — в списке под таблицей.
card-page-title = Аренда { $card }
card-page-description = { $card }, память { $vram }, { $monthly }: характеристики, наличие по регионам и задачи дообучения, которые помещаются в память карты.
card-page-description-out = { $card }, память { $vram }, { $monthly }: на дату последнего учёта свободных карт не было ни в одном регионе. Характеристики, цены и задачи дообучения, которые помещаются в память карты.
# $monthly arrives already written as a monthly price («1 690 $/мес»), so the weekly one takes the same short form.
card-page-intro = { $card }: { $vram } (сколько памяти доступно задаче — в характеристиках). Неделя аренды — { $weekly }, месяц — { $monthly_amount } ({ $hourly } за GPU-час).
card-page-specs = Характеристики
card-page-prices = Цены
card-page-availability = Наличие
card-page-fit = В таблице подбора
card-page-jobs = Какие задачи в неё помещаются
card-page-break-even = Аренда на срок или почасовая
card-page-training = Время и стоимость обучения
card-page-back = Все GPU
stock-as-of = Наличие на { $date }
# A date in running text: the month in the form a date takes ({ $month }), or its number.
date-long = { $day } { $month } { $year } г.
month-of-1 = января
month-of-2 = февраля
month-of-3 = марта
month-of-4 = апреля
month-of-5 = мая
month-of-6 = июня
month-of-7 = июля
month-of-8 = августа
month-of-9 = сентября
month-of-10 = октября
month-of-11 = ноября
month-of-12 = декабря
card-not-stocked = Свободных карт нет ни в одном регионе. Какие карты есть в наличии, показано в каталоге.
table-card-specs-caption = Характеристики { $card }
table-card-prices-caption = Цены на { $card }
table-card-availability-caption = Свободные { $card } по регионам
col-spec = Характеристика
col-value = Значение
col-region = Регион
col-city = Город
spec-vram = Память
spec-memory = Тип памяти
spec-bandwidth = Пропускная способность памяти
spec-bf16-tflops = BF16, TFLOPS (без разреженности)
spec-source = источник: { $title }
spec-fp8 = FP8
spec-yes = да
spec-no = нет
spec-interconnect = Интерконнект
spec-software = Поддерживаемый программный стек
spec-software-no-image = стек, который поддерживает карта; образ системы, с которым её выдают, пока не опубликован
spec-power = Максимальное энергопотребление (TDP)
spec-local-nvme = Локальный NVMe, входящий в стоимость
spec-not-listed = пока не опубликовано
spec-host = Процессор, ОЗУ и сеть хоста
spec-host-cpu = Ядра процессора хоста
spec-host-ram = Оперативная память хоста
spec-network = Сеть
spec-images = Образы и драйверы
spec-image = { $name } ({ $os }, драйвер { $driver }, { $toolkit })

## Графики
chart-memory-title = Сколько видеопамяти нужно каждой задаче дообучения в сравнении с объёмом карт
chart-memory-desc = Полосы показывают, сколько памяти нужно каждой задаче, в логарифмическом масштабе; вертикальные линии отмечают объём памяти карт и конфигураций, которые мы сдаём: { $caps }. Потребности задач:
chart-memory-axis = ГБ, логарифмическая шкала
chart-memory-caps = Объём, ГБ
chart-memory-caption = Память, нужная каждой задаче (полосы), в сравнении с памятью наших карт и конфигураций (вертикальные линии). В таблице выше те же цифры вместе с расчётом.
chart-break-even-title = { $offer }: стоимость месяца в зависимости от использованных GPU-часов
chart-break-even-desc = Цена месячной аренды { $offer } — { $term }, сколько бы часов вы ни использовали. Почасовая аренда по ставке { $rate } в час дорожает с каждым часом и становится дороже месячной аренды примерно после { $hours } GPU-часов из { $month ->
    [one] { $month } часа
    [few] { $month } часов
    [many] { $month } часов
   *[other] { $month } часа
} месяца.
chart-break-even-axis-hours = Использовано GPU-часов за месяц
chart-break-even-term = Аренда на месяц, { $term }
chart-break-even-hourly = Почасовая аренда, { $rate } в час
chart-break-even-caption = Месячная точка безубыточности — около { $hours } GPU-часов: если за месяц карта занята меньше, дешевле платить за те же часы почасово, если больше — выгоднее месяц, а внутри диапазона всё решает ставка, которую предлагают вам. Как неделя соотносится с почасовой оплатой, показывает недельный столбец таблицы безубыточности.
table-card-prices-note = Под каждой ценой — стоимость GPU-часа: недельная цена, делённая на 168 часов, или месячная, делённая на { $hours }, и на число карт. Память — то, что сообщает nvidia-smi или amd-smi, в пересчёте на ГБ по 10⁹ байт; под ней — тот же объём в ГиБ (по 2³⁰ байт) рядом с паспортным, который производитель пишет как «ГБ», но считает в ГиБ.
group-note-two-four-eight = 2, 4 или 8 карт

## Pages shown from another language
fallback-notice = Эта страница ещё не переведена на русский, поэтому она показана на языке оригинала: { $original }.
fallback-original = Оригинал страницы
switcher-untranslated = не переведено

## Rent actions of a bundle beside its card's own, and included NVMe by size
rent-offer-week = Арендовать { $offer } на неделю
rent-offer-month = Арендовать { $offer } на месяц
storage-size-cards = { $size }: { $cards }
## Ranges write the unit once: 2,49–3,49 $, 67–94 %
fmt-usd-range = { $low }–{ $high } $
fmt-percent-range = { $low }–{ $high } %
fmt-sentences = { $first } { $second }
fmt-sentence-end = {"."}
fmt-clauses = { $first }; { $second }
fmt-aside = {" "}({ $text })
# Open Graph locale (language_TERRITORY), for link previews.
og-locale = ru_RU
chart-memory-item = { $job }: { $need }
rent-offer-week-label = Арендовать { $offer } на неделю в { $region }
rent-offer-month-label = Арендовать { $offer } на месяц в { $region }
rent-week-in = Арендовать на неделю в { $region }
rent-month-in = Арендовать на месяц в { $region }
rent-week-in-label = Арендовать на неделю в { $region }: { $offer }
rent-month-in-label = Арендовать на месяц в { $region }: { $offer }
col-we-rent = Что можно арендовать
table-interconnect-note = Столбец «Шардированное обучение» показывает, что позволяет сам интерконнект. ZeRO-3 и FSDP работают и через PCIe, но на каждом шаге веса и градиенты передаются между картами, и обмен может задавать темп шага. В последнем столбце — карты и конфигурации, которые мы сдаём с ним: прочерк означает, что эти карты приведены для сравнения и мы их не сдаём. Вместе мы сдаём карты только в конфигурациях из этого столбца: 8-карточная — это целый узел, 2× A100 SXM — пара карт одного узла. Все остальные карты сдаются по одной.
service-contact = Контакты для вопросов до заказа
service-contact-label = Контакты для вопросов до заказа
gpus-list-title = Страницы карт
fmt-approx = около { $value }
memory-ecc = { $memory } с включённым ECC
memory-ecc-off = { $memory }, ECC по умолчанию выключен
sharding-not-rented = { $allowed }
catalog-link-single = не используется: сдаём по одной
catalog-link-in-bundles = используется только в { $bundles }
sharding-rented-as = У нас для шардирования — только { $bundles }
sharding-rented-as-some = У нас для шардирования — только { $bundles }; { $singles } сдаём только по одной
chart-items-separator = { "; " }
fmt-value-label = { $value } ({ $label })
fmt-links = { $links } × { $each }
fmt-alternatives-separator = { " / " }

## Модель M2: слагаемые памяти, выбор карты, калибровка
memory-trainable = градиенты и оптимизатор { $value }
memory-logits = логиты { $value }
memory-buffers = рабочие буферы { $value }
memory-per-card = на каждой из { $cards } карт { $value }
memory-pick = выбор: { $offer }
price-per-gpu-hour = { $price }/GPU-ч
col-card-share = Доля памяти карты
fit-of-usable = от доступных { $usable } на карте
fit-tight = { $of }; мало запаса: начните с недели и в первый же час замерьте пиковое потребление памяти, а месяц берите потом
fit-rule = самый дешёвый вариант на { $stack } для эталонного прогона (см. примечание): { $hours } ч; аренда, которой хватит и по медленной оценке: { $run }, { $cost }
fit-rule-only = ни один вариант на { $first } эту задачу не вмещает; самый дешёвый на { $stack } для эталонного прогона (см. примечание): { $hours } ч; аренда, которой хватит и по медленной оценке: { $run }, { $cost }
fit-other = Дешевле на { $stack }: { $offer }
fit-other-why = { $hours } ч; хватит и по медленной оценке: { $run }, { $cost }; занято { $share } от доступных { $usable } на карте
fit-other-tight = { $hours } ч; хватит и по медленной оценке: { $run }, { $cost }; занято { $share } от доступных { $usable } на карте, мало запаса
fit-override = наш выбор: { $reason }
table-fit-note = Объёмы памяти — по нашему расчёту (ГБ = 10⁹ байт): пересчёт активаций (gradient checkpointing), последовательности по { $seq } токенов, батч { $batch } на карту, адаптеры ранга { $rank } на всех линейных слоях; каждой карте добавлен служебный резерв { $reserve } и ещё { $allocator } от её тензоров на аллокатор. Карта подходит, если задача занимает не больше { $headroom } её доступной памяти (по nvidia-smi или amd-smi). Эталонный прогон — { $examples } { $examples ->
    [one] пример
    [few] примера
    [many] примеров
   *[other] примера
} × { $epochs } { $epochs ->
    [one] эпоха
    [few] эпохи
    [many] эпох
   *[other] эпохи
} × { $tpe } токенов, всего { $tokens } токенов. Его часы даны диапазоном: от загрузки { $high } паспортной производительности карты в BF16 без разреженности (быстрая оценка) до { $low } (медленная оценка). Цена — за целые недели или месяцы, которых хватает и по медленной оценке, причём { $margin } срока остаются свободными на подготовку, чекпоинты, оценку и перезапуск; из подходящих вариантов в наличии выбран самый дешёвый по этой цене, при равенстве — с меньшей месячной ценой. Правило сравнивает только нашу аренду на неделю и на месяц; для задачи на несколько часов почасовая аренда у другого провайдера может оказаться дешевле: сверьтесь с точкой безубыточности.
table-fit-note-first = Большая часть кода для обучения написана под { $first }, поэтому выбор — всегда вариант на { $first }, если такой есть; если на другом стеке есть вариант дешевле, он показан под выбором со своими ссылками «Арендовать».
table-fit-note-end = Общие объёмы округлены вверх до целых ГБ, а объём на карту в задачах на несколько карт — до 0,1 ГБ; доля считается от точного значения. Цена за GPU-час — недельная цена, делённая на 168 часов, или месячная, делённая на { $hours }, и затем на число карт. Разверните число, чтобы увидеть слагаемые.
table-memory-note = Объёмы памяти — по нашему расчёту (ГБ = 10⁹ байт): пересчёт активаций, последовательности по { $seq } токенов, батч { $batch }, адаптеры ранга { $rank } на всех линейных слоях, служебный резерв { $reserve } и ещё { $allocator } от тензоров на аллокатор. Каждое число — задача на одной карте; таблица подбора карты даёт объём на карту и в сумме на тех картах, которые мы бы арендовали. Карта подходит, если задача занимает не больше { $headroom } её доступной памяти.
table-breakdown-caption = { $job }: память по слагаемым
col-term = Слагаемое
col-formula = Формула
col-figure = Объём
term-weights = Веса модели
term-trainable = Градиенты и оптимизатор
term-activations = Активации
term-logits = Логиты и функция потерь
term-buffers = Рабочие буферы
term-reserve = Служебный резерв
term-per-card = На карту
term-total = На всех картах
term-sum = сумма слагаемых выше
term-live = слагаемые выше
table-calibration-caption = Наша оценка против опубликованных измерений
table-calibration-note = Опубликованных прогонов: { $runs }. Медиана отклонения по модулю { $median }; наибольшая недооценка { $under }, наибольшая переоценка { $over }. Отрицательное отклонение значит, что прогону понадобилось больше, чем мы оцениваем: в строках с примечанием сказано почему.
col-run = Прогон
col-measured = Измерено
col-estimate = Наша оценка
col-error = Отклонение оценки
col-source = Источник
calibration-job = { $model }, { $method }
calibration-settings = длина последовательности { $seq }, батч { $batch }, { $cards ->
    [one] 1 карта
    [few] { $cards } карты, { $sharding }
    [many] { $cards } карт, { $sharding }
   *[other] { $cards } карты, { $sharding }
}, пересчёт активаций: { $checkpointing }
calibration-allocated = пик выделенной памяти
calibration-reserved = пик зарезервированной памяти
calibration-nvidia-smi = nvidia-smi
calibration-unstated = способ измерения не указан
calibration-versions-minimums = указаны минимальные версии
calibration-versions-unstated = версии не указаны
calibration-source = Источник
calibration-source-label = { $source } (открывает опубликованное измерение)
col-week-break-even = Неделя: точка безубыточности, ч
break-even-of-week = в неделе { $hours } ч; неделя — { $price }, то есть { $rate }
free-nodes = { $cards ->
    [2] { $nodes ->
        [0] (свободных пар на одном узле нет)
        [1] из них одна пара на одном узле
        [one] из них { $nodes } пара, каждая на одном узле
        [few] из них { $nodes } пары, каждая на одном узле
        [many] из них { $nodes } пар, каждая на одном узле
       *[other] из них { $nodes } пары, каждая на одном узле
    }
    [one] { $nodes ->
        [0] (целых { $cards }-карточных узлов нет)
        [1] из них один целый { $cards }-карточный узел
        [one] из них { $nodes } целый { $cards }-карточный узел
        [few] из них { $nodes } целых { $cards }-карточных узла
        [many] из них { $nodes } целых { $cards }-карточных узлов
       *[other] из них { $nodes } целых { $cards }-карточных узла
    }
    [few] { $nodes ->
        [0] (целых { $cards }-карточных узлов нет)
        [1] из них один целый { $cards }-карточный узел
        [one] из них { $nodes } целый { $cards }-карточный узел
        [few] из них { $nodes } целых { $cards }-карточных узла
        [many] из них { $nodes } целых { $cards }-карточных узлов
       *[other] из них { $nodes } целых { $cards }-карточных узла
    }
    [many] { $nodes ->
        [0] (целых { $cards }-карточных узлов нет)
        [1] из них один целый { $cards }-карточный узел
        [one] из них { $nodes } целый { $cards }-карточный узел
        [few] из них { $nodes } целых { $cards }-карточных узла
        [many] из них { $nodes } целых { $cards }-карточных узлов
       *[other] из них { $nodes } целых { $cards }-карточных узла
    }
   *[other] { $nodes ->
        [0] (целых { $cards }-карточных узлов нет)
        [1] из них один целый { $cards }-карточный узел
        [one] из них { $nodes } целый { $cards }-карточный узел
        [few] из них { $nodes } целых { $cards }-карточных узла
        [many] из них { $nodes } целых { $cards }-карточных узлов
       *[other] из них { $nodes } целых { $cards }-карточных узла
    }
}
usable-gb = доступно { $value }
spec-vram-marketed = паспортный объём в двоичных гигабайтах (ГиБ, по 2³⁰ байт; производитель пишет «ГБ»); задачи сравниваем с доступной памятью строкой ниже, в ГБ по 10⁹ байт
spec-usable = Доступная память
spec-usable-source = { $mib } МиБ ({ $of }) по { $tool }; каждую задачу сравниваем именно с этим объёмом
spec-usable-source-ecc = { $mib } МиБ ({ $of }) по { $tool } с включённым ECC, как принято по умолчанию: ECC забирает примерно шестнадцатую часть паспортного объёма; каждую задачу сравниваем именно с этим объёмом
calibration-why-loader = пиковый зарезервированный объём в ms-swift всего на 14 % меньше, чем у той же задачи с LoRA в BF16, хотя 4-битная база на 10 ГБ меньше: аллокатор, вероятно, держит блоки чекпоинта в BF16, освобождённые при квантовании во время загрузки, а наш расчёт их не учитывает
calibration-why-attention = без пересчёта активаций на 4 096 токенах этот прогон держит на каждый слой больше, чем учитывает наш расчёт (реализация внимания не указана; обычное внимание хранит ещё и матрицы оценок)
calibration-why-qwen-logits = собственный код модели Qwen-1 держит больше копий логитов (словарь на 152 тысячи токенов), чем стандартная функция потерь в transformers, из которой исходит наш расчёт
calibration-why-small-fsdp = самая маленькая задача в наборе: здесь больше всего весят постоянные буферы FSDP, которых наш расчёт не учитывает
calibration-why-unstated-zero3 = в руководстве не сказано, как измеряли (сравниваем с тем, что держит аллокатор)
offer-as-bundle = { $offer } (только целиком)
offer-as-single = { $offer } (по одной)
offer-as-single-none = { $offer } (по одной, сейчас нет в наличии)
stock-none-short = сейчас нет в наличии
unit-gib = { $value } ГиБ по паспорту
unit-gib-rated = { $value } ГиБ
memory-pick-per-card = выбор: { $offer }, { $gb } на карту
calibration-pure-bf16 = чистый BF16: без мастер-копии в FP32, моменты в BF16 (8 байт на параметр, а не 16)
calibration-gptq-int4 = база GPTQ Int4; считаем её как NF4 из bitsandbytes: оба формата хранят около 4 бит на вес плюс небольшие константы на группу весов
calibration-on = включён
calibration-off = выключен
spec-link-single = карта это поддерживает; мы сдаём её по одной, так что связь не используется
spec-link-none = карту сдаём только по одной
free-nodes-all = { $nodes ->
    [1] Все свободные карты здесь — этот узел: после аренды даже одной карты { $offer } здесь станет недоступен
    [one] Все свободные карты здесь входят в эти узлы: одиночную карту берут из одного из них, и целых узлов { $offer } здесь станет на один меньше
    [few] Все свободные карты здесь входят в эти узлы: одиночную карту берут из одного из них, и целых узлов { $offer } здесь станет на один меньше
    [many] Все свободные карты здесь входят в эти узлы: одиночную карту берут из одного из них, и целых узлов { $offer } здесь станет на один меньше
   *[other] Все свободные карты здесь входят в эти узлы: одиночную карту берут из одного из них, и целых узлов { $offer } здесь станет на один меньше
}
rent-breaks-node = { $nodes ->
    [1] Все свободные карты в { $region } — это один узел { $bundle }: после аренды даже одной карты узел { $bundle } там станет недоступен.
    [one] В { $region } все свободные карты — { $nodes } целый узел { $bundle }: одиночную карту берут из одного из них, и целых узлов { $bundle } там станет на один меньше.
    [few] В { $region } все свободные карты — { $nodes } целых узла { $bundle }: одиночную карту берут из одного из них, и целых узлов { $bundle } там станет на один меньше.
    [many] В { $region } все свободные карты — { $nodes } целых узлов { $bundle }: одиночную карту берут из одного из них, и целых узлов { $bundle } там станет на один меньше.
   *[other] В { $region } все свободные карты — { $nodes } целых узлов { $bundle }: одиночную карту берут из одного из них, и целых узлов { $bundle } там станет на один меньше.
}
share-tight = мало запаса: начните с недели и в первый же час замерьте пиковое потребление памяти, а месяц берите потом
memory-pick-tight = { $pick }; мало запаса: занято { $share } памяти карты
memory-pick-other = { $pick }; дешевле на { $stack }: { $offer }
memory-pick-other-tight = { $pick }; дешевле на { $stack }: { $offer }, мало запаса (занято { $share } памяти карты)
vram-of-rated-ecc = { $usable } из { $rated } ГиБ по паспорту, ECC включён
vram-of-rated = { $usable } из { $rated } ГиБ по паспорту
# A break-even range whose far end is past the whole week or month: that end never comes.
break-even-range-over = { $low } ч по верхней ставке, а по нижней { $hours ->
        [168] неделя
        [one] месяц
        [few] месяц
        [many] месяц
       *[other] месяц
    } не окупается, даже если карта занята все { $hours } { $hours ->
        [one] час
        [few] часа
        [many] часов
       *[other] часов
    }
break-even-cell-over = { $low } по верхней ставке; по нижней не окупается
fit-card-nvme = { $card } ({ $size })

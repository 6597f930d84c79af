# GPU Rent Hub: строки интерфейса (русский).

-brand = GPU Rent Hub
site-title = { -brand }
language-name = Русский
skip-to-content = Перейти к содержимому
nav-label = Основное меню
language-switcher-label = Язык
section-pages = Руководства
footer-arithmetic = Цены, наличие и все расчёты памяти, времени и стоимости взяты из наших открытых данных или рассчитаны по ним, так что их можно проверить; почасовые ставки по требованию — наш ориентир, а не чьё-то предложение. Данные о наличии карт приведены на дату, которая указана рядом с ними.
footer-data = Данные в формате JSON:
footer-contact = Вопросы до заказа:{ " " }
footer-terms = Пользовательское соглашение
footer-copyright = © { $site }
root-description = Аренда GPU для дообучения моделей — с расчётами, которые можно проверить. Выберите язык.
root-choose = Читать на русском
not-found-title = Страница не найдена
not-found-body = Такой страницы нет. На главную страницу →

## Форматы чисел
fmt-usd = { $amount } $
fmt-percent = { $value } %
fmt-range = { $low }–{ $high }
fmt-list-separator = {", "}
unit-gb = { $value } ГБ
unit-mb = { $value } МБ
unit-tb = { $value } ТБ
unit-watt = { $value } Вт
market-rate-note = Наша иллюстрация почасовых цен по требованию на { $card }, а не замер рынка и не предложение конкретного провайдера
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
col-vram-needed = Требуется VRAM
col-card-that-fits = Наша рекомендация
col-card-vram = VRAM карты
col-weekly = За неделю
col-monthly = За месяц
col-per-gpu-hour = За GPU-час
rent-week = Арендовать на неделю
rent-month = Арендовать на месяц
rent-week-label = Арендовать на неделю: { $offer } в { $region }
rent-month-label = Арендовать на месяц: { $offer } в { $region }
fit-job = { $size }, { $method }
fit-cheapest-same = этот же вариант
fit-per-card = по { $gb } на каждую из { $cards ->
    [2] двух карт
    [4] четырёх карт
    [8] восьми карт
    [one] { $cards } карты
    [few] { $cards } карт
    [many] { $cards } карт
   *[other] { $cards } карты
}
fit-note-4bit-base-rank = 4-битная база, ранг { $rank }
fit-note-4bit-base = 4-битная база
fit-note-bf16-resident = база в BF16 постоянно в памяти
fit-note-bf16-base = база в BF16
fit-note-4bit-weights = веса { $weights }: линейные слои в 4 битах, эмбеддинги в BF16
fit-note-bf16-one-card = база в BF16, одна карта
# $bytes arrives as formatted text, so a plural selector always falls to [other]; 16 takes «байт».
fit-note-adam-bytes = Adam, { $bytes } байт на параметр
fit-note-zero3-node = ZeRO-3 на весь узел
pick-note-cheapest-cuda = NVLink, самый дешёвый вариант с CUDA
pick-note-no-sharding = без шардирования
pick-note-infinity-fabric = Infinity Fabric
pick-note-compute = производительность в BF16 заметно выше, чем у самой дешёвой подходящей карты; есть поддержка FP8
memory-weights = веса { $value }
memory-activations = активации { $value }
memory-reserve = служебный резерв { $value }
memory-total = итого { $value }

## Каталог
table-cards-caption = Карты для обучения, по убыванию доступной памяти
col-gpu = GPU
col-vram = VRAM
col-interconnect = Интерконнект
col-free-now = Свободно
spec-no-fp8 = без FP8
table-cards-note = Под каждой ценой — её цена GPU-часа: недельная цена, делённая на 168 часов, или месячная, делённая на { $hours }. Интерконнект — это связь, которую поддерживает карта; через неё мы объединяем карты только в перечисленных многокарточных конфигурациях, а иначе сдаём каждую карту отдельно. Количество в наличии — на дату под таблицей; нажмите на число, чтобы увидеть распределение по регионам.
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
sharding-eight-way-only = Да, только целым узлом из 8 карт
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
storage-local-nvme-terms = отдельное шифрование { $encryption } для каждого инстанса; затирается через { $days ->
    [one] { $days } день
    [few] { $days } дня
    [many] { $days } дней
   *[other] { $days } дня
} после окончания срока; если срок не продлён, ключ уничтожается через { $hold } ч после его конца, и с этого момента данные уже не прочитать
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
service-not-listed = данных на сайте пока нет

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
table-break-even-caption = Аренда на месяц или почасовая: при какой загрузке они стоят одинаково
col-market-hourly = Рыночная ставка за GPU-час
col-break-even-hours = Точка безубыточности, GPU-часов в месяц
col-share-of-month = Доля месяца
col-window-hourly = Две недели круглосуточно, почасово
col-window-weekly = То же по недельному тарифу
break-even-share-over = по верхней ставке { $low }, по нижней — больше { $full }
break-even-over-month = больше { $hours } ч: по нижней ставке почасовая аренда дешевле даже при круглосуточной работе
term-weeks = { $count ->
    [one] { $count } неделя
    [few] { $count } недели
    [many] { $count } недель
   *[other] { $count } недели
}
term-months = { $count ->
    [one] { $count } месяц
    [few] { $count } месяца
    [many] { $count } месяцев
   *[other] { $count } месяца
}
table-break-even-note = Точка безубыточности — это месячная цена, делённая на почасовую ставку, с округлением до { $round } часов; доля считается от месяца в { $hours } ч. Для аренды на неделю — недельная цена, делённая на те же ставки, с точностью до часа из 168 часов недели. Если почасовая ставка ниже собственной цены GPU-часа срока (она указана под ценой), такой срок не окупается даже круглосуточно. Две недели круглосуточно — это { $window } ч. Почасовые диапазоны — наша иллюстрация типичных цен аренды по требованию, а не предложения какого-либо провайдера.

## Таблица обучения
table-training-caption = Сколько длится дообучение и сколько оно стоит
col-offer = Карта или конфигурация
col-hours = Часы
col-cost-hourly = Стоимость по нашей цене GPU-часа
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
training-offer-rate = { $tflops } TFLOPS BF16 (без разреженности) на карту
training-of-vram = из { $vram } доступной памяти
training-at-rate = по { $rate } за GPU-час
table-training-note = Часы = FLOP на параметр и токен × параметры × токены ÷ (TFLOPS BF16 без разреженности × 10¹² × карты × загрузка × 3 600), с пересчётом активаций (gradient checkpointing) и { $tokens } токенов на пример; параметры — реальное число параметров чекпоинта, посчитанное по его размерностям. Множитель FLOP на токен уже включает этот пересчёт, поэтому загрузка ({ $mfu }) — это доля пиковой производительности, которую реально достигает задача (аппаратная загрузка, HFU), а не MFU; меньшее время соответствует большей загрузке. Стоимость — это часы × цена GPU-часа того срока аренды, который их покрывает (недельная цена, делённая на 168 часов, или месячная, делённая на { $hours }, и на число карт) × число карт. Нажмите на часы, чтобы увидеть расчёт.
unit-million = { $value } млн

## Задачи, которые помещаются в карту
table-jobs-caption = Задачи дообучения, которые помещаются в одну { $card }
col-share-of-card = Доля памяти карты
table-jobs-note = Задача помещается, если ей нужно не больше { $headroom } из { $usable } доступной памяти карты, то есть до { $limit }; доля считается от { $usable }. Выше { $tight } задача помечена как «впритык».

## Страницы карт
gpus-title = Каталог GPU
gpus-description = Все GPU, которые мы сдаём в аренду: характеристики, цены за неделю и за месяц, наличие и задачи дообучения, которые помещаются в память каждой карты.
gpus-intro = У каждой карты, которую мы сдаём в аренду, есть своя страница: характеристики, цены, наличие по регионам, задачи дообучения, которые в неё помещаются, а там, где у нас есть расчёт, — сколько стоит обучение на ней. В таблице — карты, которые сейчас есть в наличии; страницы всех карт, в том числе тех, которых сейчас нет, — в списке под таблицей.
card-page-title = Аренда { $card }
card-page-description = { $card }, память { $vram }, { $monthly }: характеристики, наличие по регионам и задачи дообучения, которые помещаются в память карты.
card-page-description-out = { $card }, память { $vram }, { $monthly }: на дату последнего учёта свободных карт не было ни в одном регионе. Характеристики, цены и задачи дообучения, которые помещаются в память карты.
# $monthly arrives already written as a monthly price («1 690 $/мес»), so the weekly one takes the same short form.
card-page-intro = Память { $card } — { $vram }; сколько карта реально даёт, указано в характеристиках ниже. Цена аренды: { $weekly } за неделю или { $monthly_amount } за месяц (в пересчёте на час — { $hourly } за GPU-час).
card-page-specs = Характеристики
card-page-prices = Цены
card-page-availability = Наличие
card-page-fit = Для чего мы её рекомендуем
card-page-jobs = Какие задачи в неё помещаются
card-page-break-even = Месяц или почасовая аренда
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
card-not-stocked = Свободных карт нет ни в одном регионе.
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
spec-software = Программное обеспечение
spec-power = Максимальное энергопотребление (TDP)
spec-local-nvme = Локальный NVMe, входящий в стоимость
spec-not-listed = данных пока нет
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
chart-break-even-desc = Цена месячной аренды { $offer } — { $term }, сколько бы часов вы ни использовали. Почасовая аренда по ставке { $rate } в час дорожает с каждым часом и становится дороже месячной аренды после { $hours } GPU-часов из { $month ->
    [one] { $month } часа
    [few] { $month } часов
    [many] { $month } часов
   *[other] { $month } часа
} месяца.
chart-break-even-axis-hours = Использовано GPU-часов за месяц
chart-break-even-term = Аренда на месяц, { $term }
chart-break-even-hourly = Почасовая аренда, { $rate } в час
chart-break-even-caption = Точка безубыточности — { $hours } GPU-часов в месяц: если набирается меньше, дешевле почасовая аренда, если больше — аренда на месяц, а внутри диапазона всё решает ставка, которую предлагают вам.
table-card-prices-note = Под каждой ценой — её цена GPU-часа: недельная цена, делённая на 168 часов, или месячная, делённая на { $hours }, и на число карт. Под заявленным объёмом памяти — то, что карты реально дают.
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
chart-memory-item = { $job }: { $need }
rent-offer-week-label = Арендовать { $offer } на неделю в { $region }
rent-offer-month-label = Арендовать { $offer } на месяц в { $region }
rent-week-in = Арендовать на неделю в { $region }
rent-month-in = Арендовать на месяц в { $region }
rent-week-in-label = Арендовать на неделю в { $region }: { $offer }
rent-month-in-label = Арендовать на месяц в { $region }: { $offer }
col-we-rent = Что можно арендовать
table-interconnect-note = Столбец «Шардированное обучение» показывает, что позволяет сам интерконнект. ZeRO-3 и FSDP работают и через PCIe, только медленнее: на каждом шаге веса и градиенты передаются между картами. В последнем столбце — карты и конфигурации, которые мы сдаём с ним: прочерк означает, что эти карты приведены для сравнения и мы их не сдаём. Вместе мы сдаём карты только в конфигурациях из этого столбца: 8-карточная — это целый узел, 2× A100 SXM — пара карт одного узла. Все остальные карты сдаются по одной.
service-contact = Контакты для вопросов до заказа
service-contact-label = Контакты для вопросов до заказа
gpus-list-title = Страницы карт
fmt-approx = около { $value }
memory-ecc = { $memory } с включённым ECC
memory-ecc-off = { $memory }, ECC по умолчанию выключен
sharding-not-rented = { $allowed }
catalog-link-single = не используется: сдаём по одной
catalog-link-in-bundles = используется только в { $bundles }
sharding-rented-as = для шардирования сдаём только как { $bundles }
chart-items-separator = { "; " }
fmt-value-label = { $value } ({ $label })
fmt-links = { $links } × { $each }
fmt-alternatives-separator = { " / " }

## Модель M2: слагаемые памяти, выбор карты, калибровка
memory-trainable = обучаемое состояние { $value }
memory-logits = логиты { $value }
memory-buffers = рабочие буферы { $value }
memory-per-card = на каждой из { $cards } карт { $value }
memory-pick = выбор: { $offer }
price-per-gpu-hour = { $price }/GPU-ч
col-card-share = Доля памяти карты
fit-of-usable = от доступных { $usable } на карте
fit-tight = { $of }; впритык: прогоните несколько сотен шагов и посмотрите на пик, прежде чем брать месяц
fit-rule = эталонный прогон здесь дешевле всего: { $cost } за { $term ->
    [week] { $count ->
        [1] одну неделю
        [one] { $count } неделю
        [few] { $count } недели
        [many] { $count } недель
       *[other] { $count } недели
    }
   *[month] { $count ->
        [1] один месяц
        [one] { $count } месяц
        [few] { $count } месяца
        [many] { $count } месяцев
       *[other] { $count } месяца
    }
}
fit-override = наш выбор: { $reason }
table-fit-note = Объёмы памяти — по нашей модели (ГБ = 10⁹ байт): пересчёт активаций (gradient checkpointing), последовательности по { $seq } токенов, батч { $batch } на карту, адаптеры ранга { $rank } на всех линейных слоях; каждая карта добавляет служебный резерв { $reserve } и ещё { $allocator } от своих тензоров на аллокатор. Карта подходит, если задача занимает не больше { $headroom } памяти, которую карта реально даёт (по nvidia-smi или amd-smi). Из подходящих вариантов в наличии выбираем тот, на котором наш эталонный прогон при аренде на целые недели или месяцы обходится дешевле всего: { $examples } { $examples ->
    [one] пример
    [few] примера
    [many] примеров
   *[other] примера
} × { $epochs } { $epochs ->
    [one] эпоха
    [few] эпохи
    [many] эпох
   *[other] эпохи
} × { $tpe } токенов, всего { $tokens } токенов, при { $mfu } от плотных TFLOPS карты в BF16. Общие объёмы округлены вверх до целых ГБ, а объём на карту в задачах на несколько карт — до 0,1 ГБ; доля считается от точного значения. Цена за GPU-час — недельная цена, делённая на 168 часов, или месячная, делённая на { $hours }, и затем на число карт. Нажмите на число, чтобы увидеть слагаемые.
table-memory-note = Объёмы памяти — по нашей модели (ГБ = 10⁹ байт): пересчёт активаций, последовательности по { $seq } токенов, батч { $batch }, адаптеры ранга { $rank } на всех линейных слоях, служебный резерв { $reserve } и ещё { $allocator } от тензоров на аллокатор. Каждое число — задача на одной карте; таблица выбора карты даёт объём на карту и в сумме на тех картах, которые мы бы арендовали. Карта подходит, если задача занимает не больше { $headroom } памяти, которую она реально даёт.
table-breakdown-caption = { $job }: память по слагаемым
col-term = Слагаемое
col-formula = Формула
col-figure = Объём
term-weights = Веса модели
term-trainable = Обучаемое состояние
term-activations = Активации
term-logits = Логиты и функция потерь
term-buffers = Рабочие буферы
term-reserve = Служебный резерв
term-per-card = На карту
term-total = На всех картах
term-sum = сумма слагаемых выше
term-live = слагаемые выше
table-calibration-caption = Наша оценка против опубликованных измерений
table-calibration-note = Опубликованных прогонов: { $runs }. Медиана абсолютной ошибки { $median }; наибольшая недооценка { $under }, наибольшая переоценка { $over }. Отрицательная ошибка значит, что прогону понадобилось больше, чем мы оцениваем: в строках с примечанием сказано почему.
col-run = Прогон
col-measured = Измерено
col-estimate = Наша оценка
col-error = Ошибка
col-source = Источник
calibration-job = { $model }, { $method }
calibration-settings = { $seq } токенов, батч { $batch }, { $cards ->
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
col-week-break-even = Аренда на неделю: окупаемость, часов
break-even-of-week = из { $hours } ч недели; { $price } за неделю
break-even-over-week = неделя за { $price }: по нижней ставке она дороже почасовой аренды даже на все { $hours } ч
free-nodes = { $cards ->
    [2] пар карт на одном узле: { $nodes }
    [one] целых узлов на { $cards } карту: { $nodes }
    [few] целых узлов на { $cards } карты: { $nodes }
    [many] целых узлов на { $cards } карт: { $nodes }
   *[other] целых узлов на { $cards } карты: { $nodes }
}
usable-gb = доступно { $value }
spec-vram-marketed = объём из названия карты, как его указывает производитель; задачи сравниваем с доступной памятью ниже
spec-usable = Доступная память
spec-usable-source = { $mib } МиБ по { $tool }; каждую задачу сравниваем именно с этим объёмом
calibration-why-loader = пиковый зарезервированный объём в ms-swift всего на 14 % меньше, чем у той же задачи с LoRA в BF16, хотя 4-битная база на 10 ГБ меньше: аллокатор, вероятно, держит блоки чекпоинта в BF16, освобождённые при квантовании во время загрузки, а наша модель их не считает
calibration-why-attention = без пересчёта активаций на 4 096 токенах этот прогон держит на слой больше, чем тензоры нашей модели (реализация внимания не указана; обычное внимание хранит ещё и матрицы оценок)
calibration-why-qwen-logits = собственный код модели Qwen-1 держит больше копий логитов (словарь на 152 тысячи токенов), чем стандартная функция потерь в transformers, из которой исходит наша модель
calibration-why-small-fsdp = самая маленькая задача в наборе: здесь больше всего весят постоянные буферы FSDP, которых наша модель не считает
calibration-why-unstated-zero3 = в руководстве не сказано, как измеряли (сравниваем с тем, что держит аллокатор)
offer-as-bundle = { $offer } (сдаётся вместе)
offer-as-single = { $offer } (по одной)
offer-as-single-none = { $offer } (по одной, сейчас нет в наличии)
stock-none-short = сейчас нет в наличии
unit-gib = { $value } ГБ по паспорту
memory-pick-per-card = выбор: { $offer }, { $gb } на карту
calibration-pure-bf16 = чистый BF16: без мастер-копии в FP32, моменты в BF16 (8 байт на параметр, а не 16)
calibration-on = включён
calibration-off = выключен
spec-link-single = карта это поддерживает; мы сдаём её по одной, так что связь не используется
spec-link-none = карту сдаём только по одной
free-nodes-all = все свободные карты здесь входят в свободные узлы { $offer }: аренда одной карты разбивает такой узел
rent-breaks-node = В { $region } все свободные карты входят в свободный узел { $bundle }: аренда одной разбивает этот узел.
share-tight = впритык: прежде чем брать месяц, замерьте пик на коротком прогоне
memory-pick-tight = { $pick }; впритык, { $share } каждой карты
vram-sold-as = продаётся как { $value } ГБ

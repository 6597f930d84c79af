# GPU Rent Hub: рядки інтерфейсу (українська).

-brand = GPU Rent Hub
site-title = { -brand }
language-name = Українська
skip-to-content = Перейти до вмісту
nav-label = Основна
language-switcher-label = Мова
section-pages = У цьому розділі
footer-arithmetic = Кожну цифру на цьому сайті обчислено з наших опублікованих даних під час збирання, тож ви можете її перевірити.
footer-copyright = © { $site }
root-description = Оренда GPU для донавчання моделей — з розрахунками, які можна перевірити. Оберіть мову.
root-choose = Читати українською
not-found-title = Сторінку не знайдено
not-found-body = Такої сторінки не існує. Почніть знову з головної:

## Формати чисел
fmt-usd = { $amount } $
fmt-percent = { $value }%
fmt-range = { $low }–{ $high }
fmt-list-separator = {", "}
unit-gb = { $value } ГБ
unit-tb = { $value } ТБ
unit-gbs = { $value } ГБ/с
unit-tbs = { $value } ТБ/с
price-per-month = { $price }/міс
price-per-tb-month = { $price } за ТБ на місяць
price-per-tb = { $price } за ТБ
offer-bundle = { $count }× { $card }
region-with-city = { $id } { $city }
city-dallas = Даллас
city-ashburn = Ешберн
city-hillsboro = Гіллсборо

## Методи
method-full = повне донавчання
method-lora = LoRA
method-qlora = QLoRA

## Таблиця відповідності
table-fit-caption = Скільки пам’яті GPU потребує завдання донавчання і яка карта його вміщує
col-job = Модель і метод
col-vram-needed = Потрібно VRAM
col-card-that-fits = Карта, що підходить
col-card-vram = VRAM карти
col-weekly = За тиждень
col-monthly = За місяць
col-per-gpu-hour = За GPU-годину
col-cheapest-fit = Найдешевший варіант, що підходить
fit-job = { $size }, { $method }
fit-cheapest-same = ця сама карта
fit-note-4bit-base-rank = 4-бітна база, ранг { $rank }
fit-note-4bit-base = 4-бітна база
fit-note-bf16-resident = база в BF16 постійно в пам’яті
fit-note-bf16-base = база в BF16
fit-note-4bit-weights = { $weights } ваг у 4 бітах
fit-note-bf16-one-card = база в BF16, одна карта
fit-note-adam-bytes = Adam, { $bytes } Б на параметр
fit-note-zero3-node = ZeRO-3 на весь вузол
pick-note-cheapest-cuda = NVLink, найдешевший варіант із CUDA
pick-note-no-sharding = без шардингу
pick-note-infinity-fabric = Infinity Fabric
table-fit-note = Пам’ять пораховано за нашою моделлю: gradient checkpointing увімкнено, довжина послідовності — { $seq }, розмір батча — { $batch }, адаптери рангу { $rank } (близько { $adapter } параметрів), резерв для середовища виконання — { $reserve }; результат округлено вгору до цілого гігабайта. Вибрана карта має вміщувати завдання в межах { $headroom } своєї пам’яті. Ціна за GPU-годину — це місячна ціна, поділена на { $hours ->
    [one] { $hours } годину
    [few] { $hours } години
    [many] { $hours } годин
   *[other] { $hours } години
} і на кількість карт. Розгорніть цифру, щоб побачити, з чого вона складається.
memory-weights = ваги { $value }
memory-trainable = градієнти й оптимізатор { $value }
memory-activations = активації { $value }
memory-reserve = резерв середовища виконання { $value }
memory-total = разом { $value }

## Каталог
table-cards-caption = Карти для оренди під навчання — у тому порядку, в якому ми самі їх розгортали б
col-gpu = GPU
col-vram = VRAM
col-interconnect = Інтерконект
col-free-now = Вільно зараз
badge-pick = наш вибір
spec-no-fp8 = без FP8
table-cards-note = Ціна за GPU-годину — це місячна ціна, поділена на { $hours ->
    [one] { $hours } годину
    [few] { $hours } години
    [many] { $hours } годин
   *[other] { $hours } години
}. Розгорніть кількість вільних карт, щоб побачити розподіл за регіонами.
link-with-bandwidth = { $link } { $bandwidth }
link-with-bandwidth-pairs = { $link } { $bandwidth }, попарно

## Інтерконект
table-interconnect-caption = Як карти обмінюються даними між собою і яке шардоване навчання це дозволяє
col-cards = Карти
col-link = З’єднання між картами
col-bandwidth = Пропускна здатність
col-sharded = Шардоване навчання
link-nvlink5-nvswitch = NVLink 5 з NVSwitch
link-nvlink-nvswitch = NVLink з NVSwitch
link-infinity-fabric = Infinity Fabric
link-nvlink-bridge-optional = Опційний міст NVLink
link-nvlink-bridge = Міст NVLink
link-pcie4-p2p = PCIe Gen4 peer-to-peer
link-pcie-p2p-no-nvlink = PCIe peer-to-peer, без NVLink
sharding-up-to = { $n ->
    [one] Так, щонайбільше { $n } карта
    [few] Так, щонайбільше { $n } карти
    [many] Так, щонайбільше { $n } карт
   *[other] Так, щонайбільше { $n } карти
}
sharding-eight-way-only = Так, лише на 8 карт
sharding-pairs = Попарно
sharding-data-parallel-only = Лише паралелізм даних
sharding-single-card = Лише одна карта

## Сховище
table-storage-caption = Сховище, вихідний трафік і їхня вартість
col-storage = Сховище
col-price = Ціна
col-terms = Умови
storage-local-nvme = Локальний NVMe
storage-included = входить у вартість
storage-local-nvme-terms = окреме шифрування { $encryption } для кожного інстансу; стирається через { $days ->
    [one] { $days } день
    [few] { $days } дні
    [many] { $days } днів
   *[other] { $days } дня
} після завершення строку
storage-extra-nvme = Додатковий локальний NVMe
storage-extra-nvme-terms = до { $max } на вузол, той самий хост, те саме шифрування
storage-network-volume = Мережевий том
storage-network-volume-terms = { $replicas ->
    [one] { $replicas } репліка в межах регіону
    [few] { $replicas } репліки в межах регіону
    [many] { $replicas } реплік у межах регіону
   *[other] { $replicas } репліки в межах регіону
}, підключається до кількох інстансів, переживає сам інстанс
storage-snapshots = Знімки
storage-snapshots-terms = відновлюються на будь-якому інстансі в регіоні
storage-egress = Вихідний трафік
storage-egress-terms = { $included } на місяць для кожного інстансу входить у вартість

## Конфігурації
table-bundles-caption = Конфігурації з кількох карт
col-bundle = Конфігурація
col-discount = Знижка
bundle-list-price = без знижки { $price }
table-bundles-note = Ціна конфігурації — це ціна однієї карти, помножена на кількість карт, за вирахуванням знижки й округлена до { $sig ->
    [one] { $sig } значущої цифри
    [few] { $sig } значущих цифр
    [many] { $sig } значущих цифр
   *[other] { $sig } значущої цифри
}.

# GPU Rent Hub: рядки інтерфейсу (українська).

-brand = GPU Rent Hub
site-title = { -brand }
language-name = Українська
skip-to-content = Перейти до вмісту
nav-label = Основне меню
language-switcher-label = Вибір мови
section-pages = Що почитати
footer-arithmetic = Ціни, наявність і всі розрахунки пам’яті, часу та вартості взято з опублікованих нами даних або обчислено з них, тож їх можна перевірити. Погодинні ставки інших провайдерів — наша орієнтовна ілюстрація, а не пропозиція конкретного провайдера. Наявність карт наведено на дату, вказану поруч із нею.
footer-data = Дані у форматі JSON:
footer-contact = Питання перед замовленням:{ " " }
footer-terms = Умови надання послуг
footer-copyright = © { $site }
root-description = Оренда GPU для донавчання моделей — з розрахунками, які можна перевірити. Оберіть мову.
root-choose = Читати українською
not-found-title = Сторінку не знайдено
not-found-body = Такої сторінки немає. На головну сторінку →

## Формати чисел
fmt-usd = { $amount } $
fmt-percent = { $value } %
fmt-range = { $low }–{ $high }
fmt-list-separator = {", "}
unit-gb = { $value } ГБ
unit-mb = { $value } МБ
unit-tb = { $value } ТБ
unit-watt = { $value } Вт
market-rate-note = Орієнтовний діапазон погодинних цін на { $card } (для прикладу, не пропозиція)
unit-gbs = { $value } ГБ/с
unit-gbits = { $value } Гбіт/с
unit-tbs = { $value } ТБ/с
price-per-week = { $price }/тиж
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
col-vram-needed = Потрібно пам’яті
col-card-that-fits = Карта, що підходить
col-card-vram = Пам’ять карти
col-weekly = За тиждень
col-monthly = За місяць
col-per-gpu-hour = За GPU-годину
rent-week = Орендувати на тиждень
rent-month = Орендувати на місяць
rent-week-label = Орендувати на тиждень: { $offer } у { $region }
rent-month-label = Орендувати на місяць: { $offer } у { $region }
fit-job = { $size }, { $method }
fit-cheapest-same = той самий варіант
fit-per-card = { $gb } на карту
fit-all-cards = { $gb } на { $cards } { $cards ->
    [one] карту
    [few] карти
    [many] карт
   *[other] карт
}
fit-note-4bit-base-rank = 4-бітна база, ранг { $rank }
fit-note-4bit-base = 4-бітна база
fit-note-bf16-resident = база в BF16 постійно в пам’яті
fit-note-bf16-base = база в BF16
fit-note-4bit-weights = ваги { $weights }: лінійні шари в 4 бітах, ембединги в 16 бітах
fit-note-adam-bytes = Adam, { $bytes } { $bytes ->
    [one] байт
    [few] байти
    [many] байтів
   *[other] байтів
} на параметр
fit-note-zero3-node = ZeRO-3 на весь вузол
pick-note-cheapest-cuda = NVLink, найдешевший варіант із CUDA
pick-note-no-sharding = без шардингу
pick-note-infinity-fabric = Infinity Fabric
pick-note-compute = значно вища продуктивність у BF16, ніж у найдешевшої придатної карти, і підтримка FP8
memory-weights = ваги { $value }
memory-activations = активації { $value }
memory-reserve = службовий резерв { $value }
memory-total = разом { $value }

## Каталог
table-cards-caption = Карти для навчання, які є в наявності, від найбільшої доступної пам’яті до найменшої
col-gpu = GPU
col-vram = Пам’ять GPU
col-interconnect = З’єднання між картами
col-free-now = Вільних карт
spec-no-fp8 = без FP8
table-cards-note = Пам’ять — це обсяг, який карта надає завданню: nvidia-smi чи amd-smi показує його в МіБ, а ми наводимо в ГБ (10⁹ байтів). Під ним — той самий обсяг у двійкових гігабайтах (ГіБ, 2³⁰ байтів) поруч із паспортним: виробник пише його як «ГБ», але рахує в ГіБ. Карта показує свій паспортний обсяг або трохи менше, а карта з увімкненим ECC (це позначено) — приблизно на шістнадцяту частину менше: стільки забирає ECC. Під кожною ціною — ціна за GPU-годину: тижнева ціна, поділена на 168 годин, або місячна, поділена на { $hours } (місяць у наших цінах — це { $hours } год). Під з’єднанням між картами сказано, у яких конфігураціях ми його використовуємо; карти без конфігурацій здаємо поодинці. У таблиці лише карти, які є в наявності. Кількість у наявності — на дату під таблицею; розгорніть число, щоб побачити розподіл за регіонами.
link-with-bandwidth = { $link } { $bandwidth }

## Інтерконект
table-interconnect-caption = Як карти обмінюються даними між собою і чи дозволяє це шардинг (пропускна здатність в обидва боки разом)
col-cards = Карти
col-link = З’єднання між картами
col-bandwidth = Пропускна здатність
col-sharded = Шардинг (ZeRO-3/FSDP)
link-nvlink5-nvswitch = NVLink 5 з NVSwitch
link-nvlink-nvswitch = NVLink з NVSwitch
link-infinity-fabric = Infinity Fabric
link-nvlink-bridge-optional = Опційний міст NVLink
link-nvlink-bridge = Міст NVLink
link-pcie4-p2p = PCIe Gen4, прямий обмін між картами (P2P)
link-pcie-p2p-no-nvlink = PCIe, без NVLink і без P2P
sharding-up-to = { $n ->
    [one] Так, щонайбільше { $n } карта
    [few] Так, щонайбільше { $n } карти
    [many] Так, щонайбільше { $n } карт
   *[other] Так, щонайбільше { $n } карти
}
sharding-eight-way-only = Так, але повною швидкістю — лише на всіх 8 картах вузла
sharding-pairs = Так, попарно
sharding-data-parallel-only = Через PCIe: паралелізм даних або ZeRO/FSDP на швидкості PCIe
sharding-single-card = Лише через пам’ять хоста (повільно)

## Сховище
table-storage-caption = Сховище, вихідний трафік і їхня вартість
col-storage = Сховище
col-price = Ціна
col-terms = Умови
storage-local-nvme = Локальний NVMe
storage-included = входить у вартість
storage-local-nvme-terms = окреме шифрування { $encryption } для кожного інстансу; якщо оренду не продовжено, ключ знищується через { $hold } год після її кінця, і відтоді даних уже не прочитати; сам накопичувач стирається через { $days ->
    [one] { $days } день
    [few] { $days } дні
    [many] { $days } днів
   *[other] { $days } дня
} після завершення оренди
storage-extra-nvme = Додатковий локальний NVMe
storage-extra-nvme-terms = до { $max } на вузол, той самий хост, те саме шифрування
storage-network-volume = Мережевий том
storage-network-volume-terms = { $replicas ->
    [one] { $replicas } репліка в межах регіону
    [few] { $replicas } репліки в межах регіону
    [many] { $replicas } реплік у межах регіону
   *[other] { $replicas } репліки в межах регіону
}, підключається до кількох інстансів, зберігається після видалення інстансу
storage-snapshots = Знімки
storage-snapshots-terms = відновлюються на будь-якому інстансі в регіоні
storage-egress = Вихідний трафік
storage-egress-terms = { $included } на місяць для кожного інстансу входить у вартість

## Умови обслуговування
table-service-terms-caption = Умови обслуговування
col-service = Умова
service-uptime = Гарантована доступність (SLA)
service-failure = Якщо карта вийде з ладу
service-failure-replace = її замінять справною в тому самому регіоні
service-failure-replace-or-credit = її замінять у тому самому регіоні або пропорційно компенсують утрачений час
service-refund = Повернення коштів
service-refund-none = не передбачене: гроші за сплачену оренду не повертаються
service-refund-unused-days = невикористані повні дні повертаються пропорційно
service-refund-before-start = лише до початку оренди
service-ready = Час до готовності інстансу після оплати
service-ready-minutes = протягом { $n ->
    [one] { $n } хвилини
    [few] { $n } хвилин
    [many] { $n } хвилин
   *[other] { $n } хвилини
} після підтвердження оплати
service-ready-hours = протягом { $n ->
    [one] { $n } години
    [few] { $n } годин
    [many] { $n } годин
   *[other] { $n } години
} після підтвердження оплати
service-ready-days = протягом { $n ->
    [one] { $n } дня
    [few] { $n } днів
    [many] { $n } днів
   *[other] { $n } дня
} після підтвердження оплати
service-terms = Умови надання послуг
service-terms-label = Прочитати умови надання послуг
service-not-listed = ще не опубліковано

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

## Таблиця пам’яті
table-memory-caption = Пам’ять GPU за моделями й методами і з чого вона складається
col-model = Модель
memory-model-arch = { $layers ->
    [one] { $layers } шар
    [few] { $layers } шари
    [many] { $layers } шарів
   *[other] { $layers } шару
}, розмірність прихованого стану { $hidden }, словник { $vocab }
memory-no-fit = не вміщується в жоден варіант

## Таблиця беззбитковості
table-beat-caption = Погодинна ціна, вище якої тиждень чи місяць дешевші, залежно від завантаження карти
col-beat-month = Місяць, завантаження { $share }
col-beat-week = Тиждень, завантаження { $share }
table-beat-note = Оренда дешевша за погодинну оплату того самого обсягу роботи, якщо доступна вам погодинна ціна вища за показану: ціна оренди ÷ (її години × частка годин, коли карта зайнята × кількість карт). У місяці { $month } годин, у тижні 168; за завантаження 100 % це власна ціна GPU-години оренди. Ваша точка беззбитковості — ціна оренди ÷ ваша погодинна ціна, у GPU-годинах; поділіть на кількість карт, щоб отримати години роботи кожної карти.
table-break-even-caption = Оренда на місяць чи тиждень проти погодинної оплати: де вони коштують однаково
col-market-hourly = Орієнтовна погодинна ставка
col-break-even-hours = Точка беззбитковості, GPU-годин на місяць
col-share-of-month = Частка місяця
col-window-hourly = Два тижні цілодобово, погодинно
col-window-weekly = Дві тижневі оренди
term-weeks = { $count ->
    [1] тиждень
    [one] { $count } тиждень
    [few] { $count } тижні
    [many] { $count } тижнів
   *[other] { $count } тижня
}
term-months = { $count ->
    [1] місяць
    [one] { $count } місяць
    [few] { $count } місяці
    [many] { $count } місяців
   *[other] { $count } місяця
}
table-break-even-note = Місячна точка беззбитковості — це місячна ціна, поділена на погодинну ставку й округлена з кроком { $round } год; частку місяця (у ньому { $hours } год) пораховано від годин, як їх показано в таблиці. Тижнева — тижнева ціна, поділена на ті самі ставки, з точністю до години (у тижні 168 год). Якщо за нижньою ставкою точка виходить за межі всього тижня чи місяця, у клітинці написано «за нижньою не окупається»: за такої ставки строк дорожчий за ті самі години погодинно навіть за цілодобової роботи. Так буває, коли погодинна ставка нижча за ціну GPU-години самої оренди (місячну наведено під ціною за місяць, тижневу — у стовпці тижневої оренди). Тиждень чи місяць — вирішує те, як довго потрібна карта: на кожній карті { $weeks } тижневі оренди дешевші за місяць, а ще один тиждень робить їх дорожчими. Два тижні цілодобово — це { $window } год. Погодинний діапазон — ілюстрація типових погодинних цін з нашої первісної сторінки, а не пропозиція конкретного провайдера.

## Таблиця навчання
table-training-caption = Скільки триває донавчання й скільки воно коштує
col-offer = Карта чи конфігурація
col-hours = Години
col-cost-hourly = Вартість за нашою ціною GPU-години
col-cost-term = Найдешевша оренда (тиждень чи місяць), якої вистачить
training-job-size = { $examples } прикладів × { $epochs ->
    [one] { $epochs } епоха
    [few] { $epochs } епохи
    [many] { $epochs } епох
   *[other] { $epochs } епохи
}, { $tokens } токенів
training-term-k = { $k } FLOP на параметр і токен × { $params } млрд параметрів
training-term-flops = усього { $flops } FLOP
training-term-rate = { $tflops } TFLOPS у BF16 (dense) × { $cards ->
    [one] { $cards } карта
    [few] { $cards } карти
    [many] { $cards } карт
   *[other] { $cards } карти
} × коефіцієнт використання { $mfu }
training-term-step = × { $factor }: виміряний час кроку { $method } порівняно з його FLOP
training-offer-rate = { $tflops } TFLOPS у BF16 (dense) на карту
training-at-rate = з розрахунку { $rate } за GPU-годину
table-training-note = Години = FLOP на параметр і токен × параметри × токени ÷ (TFLOPS у BF16 без урахування розрідженості × 10¹² × карти × коефіцієнт використання × 3 600), з повторним обчисленням активацій (gradient checkpointing) і { $tokens } токенів на приклад; параметри — справжня кількість чекпойнта, порахована з його розмірностей. Години QLoRA потім множимо на { $qlora }: виміряний крок QLoRA у стільки разів довший, ніж у LoRA, бо базу з 4 біт доводиться деквантувати під час роботи. Множники FLOP на токен уже враховують повторне обчислення, тож коефіцієнт використання ({ $mfu }) — це частка пікових FLOPS карти, а не MFU; коротший час відповідає вищому коефіцієнту. Вартість — це години, як їх показано в таблиці, помножені на кількість карт і на показану ціну GPU-години тієї оренди, тижневої чи місячної, якої на них вистачає й на повільному краю, і ще лишаються вільними { $margin } строку (тижнева ціна, поділена на 168 годин, або місячна, поділена на { $hours }, і на кількість карт). Розгорніть години, щоб побачити розрахунок.
unit-million = { $value } млн

## Завдання, які вміщує карта
table-jobs-caption = Завдання донавчання, що вміщуються в одну { $card }
col-share-of-card = Частка пам’яті карти
table-jobs-note = Завдання вміщується, якщо йому потрібно не більше { $headroom } з { $usable } доступної пам’яті карти, тобто до { $limit }; частку пораховано від { $usable }. Завдання, яким потрібно понад { $tight }, позначено «впритул»; але й без цієї позначки це лише оцінка, тож звірте її з виміряним піковим використанням пам’яті.

## Сторінки карт
gpus-title = Ціни й наявність GPU
gpus-description = Усі GPU, які ми здаємо в оренду: характеристики, ціни за тиждень і за місяць, наявність і завдання донавчання, які вміщує кожна карта.
gpus-intro = У таблиці — карти, які є в наявності на дату під нею. Власну сторінку має кожна карта, яку ми здаємо, зокрема й ті, яких зараз немає в наявності: характеристики, ціни, наявність за регіонами, завдання донавчання, які вона вміщує, а для деяких карт — ще й оцінка часу та вартості навчання.
card-page-title = Оренда { $card }
card-page-description = Характеристики, ціни й наявність { $card } (продається як карта на { $vram }; { $monthly }), завдання донавчання, які вона вміщує, і точка беззбитковості.
card-page-description-out = { $card } (продається як карта на { $vram }) на дату, вказану на сторінці, немає в наявності в жодному регіоні; ціна оренди — { $monthly }. Характеристики, ціни, завдання, які вона вміщує, і точка беззбитковості.
card-page-intro = { $card } (продається як карта на { $vram }) коштує { $weekly } на тиждень або { $monthly_amount } на місяць; місячна ціна в перерахунку на години — { $hourly } за GPU-годину.
card-page-specs = Характеристики
card-page-prices = Ціни
card-page-availability = Наявність
card-page-fit = У таблиці підбору
card-page-jobs = Які завдання вона вміщує
card-page-break-even = Помісячно чи погодинно
card-page-training = Час і вартість навчання
card-page-back = До каталогу GPU
stock-as-of = Наявність станом на { $date }
# A date in running text: the month in the form a date takes ({ $month }), or its number.
date-long = { $day } { $month } { $year } р.
month-of-1 = січня
month-of-2 = лютого
month-of-3 = березня
month-of-4 = квітня
month-of-5 = травня
month-of-6 = червня
month-of-7 = липня
month-of-8 = серпня
month-of-9 = вересня
month-of-10 = жовтня
month-of-11 = листопада
month-of-12 = грудня
card-not-stocked = За останнім підрахунком цієї карти немає в наявності в жодному регіоні. Карти, які є в наявності, зібрано в «Каталозі GPU».
table-card-specs-caption = Характеристики { $card }
table-card-prices-caption = Ціни на { $card }
table-card-availability-caption = Вільні { $card } за регіонами
col-spec = Характеристика
col-value = Значення
col-region = Регіон
col-city = Місто
spec-vram = Пам’ять
spec-memory = Тип пам’яті
spec-bandwidth = Пропускна здатність пам’яті
spec-bf16-tflops = TFLOPS у BF16 (dense, без розрідженості)
spec-source = джерело: { $title }
spec-fp8 = FP8
spec-yes = так
spec-no = ні
spec-interconnect = З’єднання між картами
spec-software = Програмний стек
spec-software-no-image = образ системи ще не опубліковано
spec-power = Максимальна споживана потужність (TDP)
spec-local-nvme = Локальний NVMe, що входить у вартість
spec-not-listed = ще не опубліковано
spec-host = Процесор, ОЗП і мережа хоста
spec-host-cpu = Ядра процесора хоста
spec-host-ram = Оперативна пам’ять хоста
spec-network = Мережа
spec-images = Образи й драйвери
spec-image = { $name } ({ $os }, драйвер { $driver }, { $toolkit })

## Графіки
chart-memory-title = Скільки пам’яті GPU потрібно кожному завданню донавчання порівняно з обсягом карт
chart-memory-desc = Смуги показують, скільки пам’яті потрібно кожному завданню, у логарифмічному масштабі; вертикальні лінії позначають обсяг пам’яті карт і конфігурацій, які ми здаємо, зокрема й тих, яких зараз немає в наявності: { $caps }. Потреби завдань:
chart-memory-axis = ГБ, логарифмічна шкала
chart-memory-caps = Обсяг, ГБ
chart-memory-caption = Пам’ять, потрібна кожному завданню (смуги), порівняно з пам’яттю наших карт і конфігурацій (вертикальні лінії). У таблиці вище ті самі значення разом із розрахунком. Для конфігурацій із кількох карт смуга не дає відповіді: кожна карта тримає ще й власні активації та резерв, тож дивіться обсяг на карту в таблиці відповідності.
chart-break-even-title = { $offer }: вартість місяця залежно від використаних GPU-годин
chart-break-even-desc = Місячна оренда { $offer } коштує { $term }, хоч скільки годин ви використаєте. Погодинна оренда за ставкою { $rate }/год дорожчає з кожною годиною й стає дорожчою за місячну приблизно після { $hours } GPU-годин із { $month ->
    [one] { $month } години
    [few] { $month } годин
    [many] { $month } годин
   *[other] { $month } години
} місяця.
chart-break-even-axis-hours = Використано GPU-годин за місяць
chart-break-even-term = Місячна оренда, { $term }
chart-break-even-hourly = Погодинно, { $rate }/год
chart-break-even-caption = Графік порівнює місячну оренду з погодинною оплатою тих самих годин. Якщо за місяць набирається менше ніж приблизно { $hours } GPU-годин, ті самі години погодинно коштують менше за місяць; у межах цього діапазону все залежить від вашої ставки, а понад ним дешевший місяць. Тиждень із погодинною оплатою порівнюйте за його власною точкою беззбитковості (стовпець тижневої оренди в таблиці): для H100 SXM за нижньою ставкою тиждень не окупається навіть цілодобово.
table-card-prices-note = Під кожною ціною — ціна за GPU-годину: тижнева ціна, поділена на 168 годин, або місячна, поділена на { $hours }, і на кількість карт. Пам’ять — це обсяг, який карти надають завданню, у ГБ (10⁹ байтів), як його показує nvidia-smi чи amd-smi; під ним — той самий обсяг у ГіБ (2³⁰ байтів) поруч із паспортним, який виробник пише як «ГБ», але рахує в ГіБ.
group-note-two-four-eight = 2, 4 або 8 карт

## Pages shown from another language
fallback-notice = Цю сторінку ще не перекладено українською, тому її показано мовою оригіналу: { $original }.
fallback-original = Оригінал сторінки
switcher-untranslated = не перекладено

## Rent actions of a bundle beside its card's own, and included NVMe by size
rent-offer-week = Орендувати { $offer } на тиждень
rent-offer-month = Орендувати { $offer } на місяць
storage-size-cards = { $size }: { $cards }
## Ranges write the unit once: 2,49–3,49 $, 67–94%
fmt-usd-range = { $low }–{ $high } $
fmt-percent-range = { $low }–{ $high } %
fmt-sentences = { $first } { $second }
fmt-sentence-end = {"."}
fmt-clauses = { $first }; { $second }
fmt-aside = {" "}({ $text })
# Open Graph locale (language_TERRITORY), for link previews.
og-locale = uk_UA
chart-memory-item = { $job }: { $need }
rent-offer-week-label = Орендувати { $offer } на тиждень у { $region }
rent-offer-month-label = Орендувати { $offer } на місяць у { $region }
rent-week-in = Орендувати на тиждень у { $region }
rent-month-in = Орендувати на місяць у { $region }
rent-week-in-label = Орендувати на тиждень у { $region }: { $offer }
rent-month-in-label = Орендувати на місяць у { $region }: { $offer }
col-we-rent = Що можна орендувати
table-interconnect-note = Стовпець «Шардинг» показує, що дозволяє саме з’єднання. ZeRO-3 і FSDP працюють і через PCIe, але на кожному кроці ваги й градієнти переходять між картами, і цей обмін може визначати тривалість кроку. В останньому стовпці — карти й конфігурації, які ми здаємо з ним: прочерк означає, що ці карти наведено для порівняння й ми їх не здаємо. Разом ми здаємо карти лише в конфігураціях із цього стовпця: вісім карт — цілим вузлом, 2× A100 SXM — парою карт одного вузла; усі інші карти здаємо поодинці.
service-contact = Контакт
service-contact-label = Контакт для запитань перед замовленням
gpus-list-title = Сторінки карт
fmt-approx = близько { $value }
memory-ecc = { $memory }, ECC увімкнено (за замовчуванням)
memory-ecc-off = { $memory }, ECC вимкнено (за замовчуванням)
sharding-not-rented = { $allowed }
catalog-link-single = не використовується: здаємо поодинці
catalog-link-in-bundles = використовується лише в { $bundles }
sharding-rented-as = для шардингу здаємо лише як { $bundles }
sharding-rented-as-some = для шардингу здаємо лише як { $bundles }; { $singles } — лише поодинці
chart-items-separator = { "; " }
fmt-value-label = { $value } ({ $label })
fmt-links = { $links } × { $each }
fmt-alternatives-separator = { " / " }

## Модель M2: складники пам’яті, вибір карти, калібрування
memory-trainable = стан навчання { $value }
memory-logits = логіти { $value }
memory-buffers = робочі буфери { $value }
memory-per-card = на кожній із { $cards } карт { $value }
memory-pick = вибір: { $offer }
price-per-gpu-hour = { $price }/GPU-год
col-card-share = Частка пам’яті карти
fit-of-usable = від { $usable } доступної пам’яті карти
fit-tight = { $of }; впритул: спершу візьміть тиждень і виміряйте пікове використання пам’яті за кілька сотень кроків
fit-rule = найдешевший варіант на { $stack } для нашого еталонного завдання (див. примітку): воно триває тут { $hours } год, оренда — { $run } за { $cost }
fit-rule-only = жоден варіант на { $first } не вміщує цього завдання; на { $stack } найдешевший для нашого еталонного завдання (див. примітку): воно триває тут { $hours } год, оренда — { $run } за { $cost }
fit-other = Дешевше на { $stack }: { $offer }
fit-other-why = { $hours } год, { $run } за { $cost }, займе { $share } із { $usable } доступної пам’яті карти
fit-other-tight = { $hours } год, { $run } за { $cost }, займе { $share } із { $usable } доступної пам’яті карти, впритул
fit-override = наш вибір: { $reason }
table-fit-note = Обсяги пам’яті — за нашим розрахунком (ГБ = 10⁹ байтів): з повторним обчисленням активацій, послідовності з { $seq } токенів, батч { $batch } на карту, адаптери рангу { $rank } на всіх лінійних шарах; кожна карта додає службовий резерв { $reserve } і ще { $allocator } від своїх тензорів для алокатора. Карта підходить, якщо завдання займає не більше { $headroom } пам’яті, яку вона справді надає (за nvidia-smi або amd-smi). Серед придатних карт і конфігурацій у наявності обираємо ту, що найдешевше завершує наше еталонне завдання: { $examples } { $examples ->
    [one] приклад
    [few] приклади
    [many] прикладів
   *[other] прикладу
} × { $epochs } { $epochs ->
    [one] епоха
    [few] епохи
    [many] епох
   *[other] епохи
} × { $tpe } токенів, разом { $tokens } токенів. Його тривалість наведено діапазоном: від коефіцієнта використання { $high } (швидкий край) до { $low } (повільний край) від паспортних TFLOPS карти в BF16 (dense), а ціна — за цілі тижні чи місяці, яких вистачає й на повільному краю, і ще лишаються вільними { $margin } строку: на підготовку середовища, чекпойнти, оцінювання й один перезапуск. Правило порівнює лише наші тижневі й місячні оренди: завдання на кілька годин погодинно може коштувати менше, тож звірте точку беззбитковості на сторінці «Помісячно чи погодинно».
table-fit-note-first = Більшість коду для навчання написано під { $first }, тож вибір — найдешевший варіант на { $first }; якщо варіант на іншому стеку дешевший, його показано під вибором, з окремими кнопками «Орендувати».
table-fit-note-end = Загальні обсяги округлено вгору до цілих ГБ, а обсяг на карту в завданнях на кілька карт — до 0,1 ГБ; частку пораховано від точного значення. Ціна за GPU-годину — це тижнева ціна, поділена на 168 годин, або місячна, поділена на { $hours }, і далі на кількість карт. Розгорніть число, щоб побачити його складники.
table-memory-note = Обсяги пам’яті — за нашим розрахунком (ГБ = 10⁹ байтів): з повторним обчисленням активацій, послідовності по { $seq } токенів, батч { $batch }, адаптери рангу { $rank } на всіх лінійних шарах, службовий резерв { $reserve } і ще { $allocator } від тензорів для алокатора. Кожне число — завдання на одній карті; таблиця відповідності дає обсяг на карту й загалом на тих картах, які ми б орендували. Карта підходить, якщо завдання займає не більше { $headroom } пам’яті, яку вона справді надає.
table-breakdown-caption = { $job }: пам’ять за складниками
col-term = Складник
col-formula = Формула
col-figure = Обсяг
term-weights = Ваги моделі
term-trainable = Стан навчання
term-activations = Активації
term-logits = Логіти й функція втрат
term-buffers = Робочі буфери
term-reserve = Службовий резерв
term-per-card = На карту
term-total = На всіх картах
term-sum = сума складників вище
term-live = складники вище
table-calibration-caption = Наша оцінка проти опублікованих вимірювань
table-calibration-note = Опублікованих запусків: { $runs }. Медіана абсолютної похибки { $median }; найбільша недооцінка { $under }, найбільша переоцінка { $over }. Від’ємна похибка означає, що запуск потребував більше, ніж ми оцінюємо: у рядках із приміткою пояснено чому.
col-run = Запуск
col-measured = Виміряно
col-estimate = Наша оцінка
col-error = Похибка
col-source = Джерело
calibration-job = { $model }, { $method }
calibration-settings = послідовність із { $seq } токенів, батч { $batch }, { $cards ->
    [one] 1 карта
    [few] { $cards } карти, { $sharding }
    [many] { $cards } карт, { $sharding }
   *[other] { $cards } карти, { $sharding }
}, повторне обчислення активацій: { $checkpointing }
calibration-allocated = пік виділеної пам’яті
calibration-reserved = пік зарезервованої пам’яті
calibration-nvidia-smi = nvidia-smi
calibration-unstated = спосіб вимірювання не вказано
calibration-versions-minimums = вказано мінімальні версії
calibration-versions-unstated = версій не вказано
calibration-source = Джерело
calibration-source-label = { $source } (відкриває опубліковане вимірювання)
col-week-break-even = Тижнева оренда: окупність, годин
break-even-of-week = у тижні { $hours } год; тиждень коштує { $price } ({ $rate })
free-nodes = { $cards ->
    [2] (з них { $nodes ->
        [one] { $nodes } пара на одному вузлі
        [few] { $nodes } пари, кожна на одному вузлі
        [many] { $nodes } пар, кожна на одному вузлі
       *[other] { $nodes } пари, кожна на одному вузлі
    })
    [one] (з них { $nodes ->
        [one] { $nodes } цілий вузол
        [few] { $nodes } цілі вузли
        [many] { $nodes } цілих вузлів
       *[other] { $nodes } цілого вузла
    } на { $cards } карту)
    [few] (з них { $nodes ->
        [one] { $nodes } цілий вузол
        [few] { $nodes } цілі вузли
        [many] { $nodes } цілих вузлів
       *[other] { $nodes } цілого вузла
    } на { $cards } карти)
    [many] (з них { $nodes ->
        [one] { $nodes } цілий вузол
        [few] { $nodes } цілі вузли
        [many] { $nodes } цілих вузлів
       *[other] { $nodes } цілого вузла
    } на { $cards } карт)
   *[other] (з них { $nodes ->
        [one] { $nodes } цілий вузол
        [few] { $nodes } цілі вузли
        [many] { $nodes } цілих вузлів
       *[other] { $nodes } цілого вузла
    } на { $cards } карти)
}
usable-gb = доступно { $value }
spec-vram-marketed = обсяг, з яким карту продають: виробник пише «ГБ», але рахує двійкові гігабайти (ГіБ, 2³⁰ байтів); завдання порівнюємо з доступною пам’яттю нижче
spec-usable = Доступна пам’ять
spec-usable-source = { $mib } МіБ ({ $of }) за { $tool }; кожне завдання порівнюємо саме з цим обсягом
spec-usable-source-ecc = { $mib } МіБ ({ $of }) за { $tool } з увімкненим ECC, як заведено для цієї карти: ECC забирає приблизно шістнадцяту частину паспортного обсягу; кожне завдання порівнюємо саме з цим обсягом
calibration-why-loader = піковий зарезервований обсяг у ms-swift лише на 14 % менший, ніж у того самого завдання з LoRA в BF16, хоча 4-бітна база на 10 ГБ менша: алокатор, імовірно, тримає блоки чекпойнта в BF16, звільнені під час квантування при завантаженні, а наш розрахунок їх не враховує
calibration-why-attention = без повторного обчислення активацій на 4 096 токенах цей запуск тримає на шар більше, ніж тензори в нашому розрахунку (реалізацію уваги не вказано; звичайна увага зберігає ще й матриці оцінок)
calibration-why-qwen-logits = власний код моделі Qwen-1 тримає більше копій логітів (словник на 152 тисячі токенів), ніж шлях transformers, з якого виходить наш розрахунок
calibration-why-small-fsdp = найменше завдання в наборі: тут найбільшу роль відіграють сталі буфери FSDP, яких наш розрахунок не враховує
calibration-why-unstated-zero3 = у посібнику не сказано, як вимірювали (порівнюємо з тим, що тримає алокатор)
offer-as-bundle = { $offer } (лише як конфігурація)
offer-as-single = { $offer } (одна карта)
offer-as-single-none = { $offer } (одна карта, зараз немає в наявності)
stock-none-short = зараз немає в наявності
unit-gib = { $value } ГіБ
unit-gib-rated = { $value } ГіБ
memory-pick-per-card = вибір: { $offer }, { $gb } на карту
calibration-pure-bf16 = чистий BF16: без майстер-копії ваг у FP32, моменти в BF16 (8 байтів на параметр, а не 16)
calibration-gptq-int4 = база GPTQ Int4, а не NF4 з bitsandbytes; рахуємо її як NF4, бо обидва формати зберігають близько 4 бітів на вагу плюс невеликі константи на кожну групу ваг
calibration-on = увімкнено
calibration-off = вимкнено
spec-link-single = карта це підтримує; ми здаємо її поодинці, тож з’єднання не використовується
spec-link-none = карту здаємо лише поодинці
free-nodes-all = { $nodes ->
    [1] Окрема карта тут — лише з цілого вузла: усі вільні карти складають один вузол { $offer }, і після її оренди { $offer } тут уже не орендувати
    [one] Ці вільні карти — { $nodes } цілий вузол { $offer }: окрему карту беруть з одного з них, і для { $offer } тут лишається на вузол менше
    [few] Ці вільні карти — { $nodes } цілі вузли { $offer }: окрему карту беруть з одного з них, і для { $offer } тут лишається на вузол менше
    [many] Ці вільні карти — { $nodes } цілих вузлів { $offer }: окрему карту беруть з одного з них, і для { $offer } тут лишається на вузол менше
   *[other] Ці вільні карти — { $nodes } цілих вузлів { $offer }: окрему карту беруть з одного з них, і для { $offer } тут лишається на вузол менше
}
rent-breaks-node = { $nodes ->
    [1] Окрема карта в { $region } — лише з цілого вузла: усі вільні карти там складають один вузол { $bundle }, і після її оренди { $bundle } у { $region } уже не орендувати.
    [one] У { $region } вільні карти — це { $nodes } цілий вузол { $bundle }: окрему карту беруть з одного з них, і для { $bundle } там лишається на вузол менше.
    [few] У { $region } вільні карти — це { $nodes } цілі вузли { $bundle }: окрему карту беруть з одного з них, і для { $bundle } там лишається на вузол менше.
    [many] У { $region } вільні карти — це { $nodes } цілих вузлів { $bundle }: окрему карту беруть з одного з них, і для { $bundle } там лишається на вузол менше.
   *[other] У { $region } вільні карти — це { $nodes } цілих вузлів { $bundle }: окрему карту беруть з одного з них, і для { $bundle } там лишається на вузол менше.
}
share-tight = впритул: спершу візьміть тиждень і виміряйте пікове використання пам’яті
memory-pick-tight = { $pick }; впритул: { $share } пам’яті карти
memory-pick-other = { $pick }; дешевше на { $stack }: { $offer }
memory-pick-other-tight = { $pick }; дешевше на { $stack }: { $offer }, впритул ({ $share } її пам’яті)
vram-of-rated-ecc = { $usable } з { $rated } ГіБ за паспортом, ECC увімкнено
vram-of-rated = { $usable } з { $rated } ГіБ за паспортом
# A break-even range whose far end is past the whole week or month: that end never comes.
break-even-range-over = { $low } год за вищою ставкою, а за нижньою — ніколи (знадобилося б більше за всі { $hours } год строку)
break-even-cell-over = { $low } за вищою ставкою; за нижньою не окупається
fit-card-nvme = { $card } ({ $size })

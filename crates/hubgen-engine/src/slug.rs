//! URL segments. The rule: a page's URL is its path inside the locale folder; every folder and
//! file name is a segment of lowercase ASCII letters, digits and `-`, so URLs are stable and the
//! same in every locale. A file named in another script gives its URL with front-matter `slug`;
//! hubgen suggests one (Cyrillic transliterated by the locale's national system).

/// The longest URL segment hubgen writes: each becomes a folder's name, and common file systems
/// (ext4, XFS, APFS, NTFS) cap a name at 255 bytes.
pub const MAX_SEGMENT_BYTES: usize = 255;

/// `a-z`, `0-9` and inner `-`.
pub fn is_segment(s: &str) -> bool {
    !s.is_empty()
        && !s.starts_with('-')
        && !s.ends_with('-')
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// Latin for one lowercase Cyrillic letter: Ukrainian national system for `uk`, a BGN-like one
/// otherwise.
fn cyrillic(c: char, locale: &str) -> Option<&'static str> {
    let uk = locale == "uk";
    Some(match c {
        'а' => "a",
        'б' => "b",
        'в' => "v",
        'г' if uk => "h",
        'г' => "g",
        'ґ' => "g",
        'д' => "d",
        'е' => "e",
        'є' => "ie",
        'ё' => "e",
        'ж' => "zh",
        'з' => "z",
        'и' if uk => "y",
        'и' => "i",
        'і' => "i",
        'ї' => "i",
        'й' => "i",
        'к' => "k",
        'л' => "l",
        'м' => "m",
        'н' => "n",
        'о' => "o",
        'п' => "p",
        'р' => "r",
        'с' => "s",
        'т' => "t",
        'у' => "u",
        'ф' => "f",
        'х' => "kh",
        'ц' => "ts",
        'ч' => "ch",
        'ш' => "sh",
        'щ' if uk => "shch",
        'щ' => "shch",
        'ъ' | 'ь' | '\'' | '’' | 'ʼ' => "",
        'ы' => "y",
        'э' => "e",
        'ю' => "iu",
        'я' => "ia",
        _ => return None,
    })
}

/// A segment suggested for `text`: lowercased, Cyrillic transliterated, other runs → `-`.
/// `None` when letters of another script remain (a Chinese title, say): a writer chooses.
pub fn suggest(text: &str, locale: &str) -> Option<String> {
    let mut out = String::new();
    let mut dash = false;
    let mut foreign = false;
    for c in text.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            if dash && !out.is_empty() {
                out.push('-');
            }
            dash = false;
            out.push(c);
        } else if let Some(latin) = cyrillic(c, locale) {
            if !latin.is_empty() {
                if dash && !out.is_empty() {
                    out.push('-');
                }
                dash = false;
                out.push_str(latin);
            }
        } else if c.is_alphabetic() {
            foreign = true;
        } else {
            dash = true;
        }
    }
    (!foreign && is_segment(&out)).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_are_lowercase_ascii() {
        assert!(is_segment("gpu-memory"));
        assert!(is_segment("8x-h100"));
        assert!(!is_segment("GPU"));
        assert!(!is_segment("оренда"));
        assert!(!is_segment("-x"));
        assert!(!is_segment(""));
    }

    #[test]
    fn cyrillic_is_transliterated_per_locale_and_cjk_is_left_to_the_writer() {
        assert_eq!(suggest("Оренда GPU", "uk").as_deref(), Some("orenda-gpu"));
        assert_eq!(
            suggest("Пам’ять GPU: як ми рахуємо", "uk").as_deref(),
            Some("pamiat-gpu-iak-my-rakhuiemo")
        );
        assert_eq!(
            suggest("Память GPU и обучение", "ru").as_deref(),
            Some("pamiat-gpu-i-obuchenie")
        );
        assert_eq!(suggest("Щука", "uk").as_deref(), Some("shchuka"));
        assert_eq!(suggest("显存指南", "zh"), None);
        assert_eq!(suggest("GPU 显存", "zh"), None);
    }
}

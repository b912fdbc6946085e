//! The reader's language: English or Brazilian Portuguese. It decides the words (through
//! rust-i18n's `t!`, see [`crate::tr`]), the number and date formats, and how typed numbers are
//! read. Share links stay canonical and locale-free: they never depend on it.
//!
//! The language is per thread (the page has one thread; native tests each set their own), so a
//! test in Portuguese never changes the words of a test running beside it in English.

use std::cell::Cell;

/// A language the page is written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    Pt,
}

impl Lang {
    /// Every language, in the order the switch lists them.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Pt];

    /// The link key's value and the locale files' key: "en", "pt".
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Pt => "pt",
        }
    }

    /// The value of `<html lang>`: "en", "pt-BR".
    pub fn html_lang(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Pt => "pt-BR",
        }
    }

    /// The language's own name, for the switch: "English", "Português".
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Pt => "Português",
        }
    }

    /// A link key's value: exactly "en" or "pt" (case-insensitive); anything else is `None`.
    pub fn from_code(code: &str) -> Option<Lang> {
        match code.trim().to_ascii_lowercase().as_str() {
            "en" => Some(Lang::En),
            "pt" => Some(Lang::Pt),
            _ => None,
        }
    }

    /// A browser language tag ("pt-BR", "pt", "en-US", "de"): Portuguese of any region reads
    /// Portuguese; everything else, English.
    pub fn from_browser_tag(tag: &str) -> Lang {
        let primary = tag.split(['-', '_']).next().unwrap_or("");
        if primary.eq_ignore_ascii_case("pt") {
            Lang::Pt
        } else {
            Lang::En
        }
    }
}

thread_local! {
    static CURRENT: Cell<Lang> = const { Cell::new(Lang::En) };
}

/// A value that fills a text's `%{name}` placeholder. Text and whole numbers are written as they
/// are; a fractional number (`f64`) is written in the thread's language, so "0.4" reads "0,4" in
/// Portuguese wherever a number reaches a sentence unformatted. Amounts of money are formatted
/// before they get here ([`crate::io::format::usd_unit`] and kin): a bare `f64` is never dollars.
pub trait Arg {
    fn write_arg(&self, out: &mut String);
}

impl Arg for str {
    fn write_arg(&self, out: &mut String) {
        out.push_str(self);
    }
}

impl Arg for String {
    fn write_arg(&self, out: &mut String) {
        out.push_str(self);
    }
}

impl Arg for std::borrow::Cow<'_, str> {
    fn write_arg(&self, out: &mut String) {
        out.push_str(self);
    }
}

impl<T: Arg + ?Sized> Arg for &T {
    fn write_arg(&self, out: &mut String) {
        (**self).write_arg(out);
    }
}

impl Arg for f64 {
    fn write_arg(&self, out: &mut String) {
        // "—" as in format::NOT_A_NUMBER (format imports this module, not the other way).
        let en = if self.is_finite() {
            self.to_string()
        } else {
            "—".to_string()
        };
        match lang() {
            Lang::En => out.push_str(&en),
            Lang::Pt => out.extend(en.chars().map(|c| if c == '.' { ',' } else { c })),
        }
    }
}

macro_rules! whole_number_args {
    ($($t:ty),+) => {$(
        impl Arg for $t {
            fn write_arg(&self, out: &mut String) {
                use std::fmt::Write;
                let _ = write!(out, "{self}");
            }
        }
    )+};
}
whole_number_args!(u8, u16, u32, u64, usize, i32, i64, char);

/// The article a company's name takes in Portuguese after "em" and "de" ("na Amazon Web
/// Services", "do Google Cloud"): a company is feminine (a empresa), Google's cloud masculine (o
/// Google). Every provider of the catalog has its line (a catalog test checks it).
pub const PT_ARTICLES: [(&str, char); 18] = [
    ("Amazon Web Services", 'a'),
    ("Google Cloud", 'o'),
    ("Microsoft Azure", 'a'),
    ("Oracle Cloud (OCI)", 'a'),
    ("CoreWeave", 'a'),
    ("Lambda", 'a'),
    ("Together AI", 'a'),
    ("Modal", 'a'),
    ("RunPod", 'a'),
    ("NVIDIA DGX Cloud", 'a'),
    ("Voltage Park", 'a'),
    ("Nebius AI Cloud", 'a'),
    ("Scaleway", 'a'),
    ("OVHcloud", 'a'),
    ("Crusoe Cloud", 'a'),
    ("Vast.ai", 'a'),
    ("OpenAI", 'a'),
    ("Anthropic", 'a'),
];

/// After a placeholder filled from `at` with a company's name: "em" or "de" just before it (a
/// word of its own) contracts with the name's article, as Portuguese writes it ("em Modal" →
/// "na Modal", "de Google Cloud" → "do Google Cloud"); any other text is left alone.
fn contract_article(out: &mut String, at: usize) {
    let Some(&(_, article)) = PT_ARTICLES.iter().find(|(name, _)| &out[at..] == *name) else {
        return;
    };
    let before = &out[..at];
    let Some(prep) = ["em ", "de "].into_iter().find(|p| before.ends_with(p)) else {
        return;
    };
    let start = at - prep.len();
    // "em" as a word: at the start, or after a space or an opening mark; not "cadem ".
    if out[..start]
        .chars()
        .next_back()
        .is_some_and(char::is_alphanumeric)
    {
        return;
    }
    let contracted = match (prep, article) {
        ("em ", 'o') => "no ",
        ("em ", _) => "na ",
        (_, 'o') => "do ",
        _ => "da ",
    };
    out.replace_range(start..at, contracted);
}

/// Fills a translated text's `%{name}` placeholders with `args`; a placeholder without an
/// argument is left as it is, an argument without a placeholder ignored.
pub fn fill(text: &str, args: &[(&str, &dyn Arg)]) -> String {
    if args.is_empty() || !text.contains("%{") {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(at) = rest.find("%{") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        match after.find('}') {
            Some(end) => {
                let name = &after[..end];
                match args.iter().find(|(n, _)| *n == name) {
                    Some((_, value)) => {
                        let at = out.len();
                        value.write_arg(&mut out);
                        if lang() == Lang::Pt {
                            contract_article(&mut out, at);
                        }
                    }
                    None => {
                        out.push_str("%{");
                        out.push_str(name);
                        out.push('}');
                    }
                }
                rest = &after[end + 1..];
            }
            None => {
                out.push_str(&rest[at..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The language this thread writes in.
pub fn lang() -> Lang {
    CURRENT.with(Cell::get)
}

/// Sets the language this thread writes in.
pub fn set_lang(lang: Lang) {
    CURRENT.with(|c| c.set(lang));
}

/// Runs `f` in `lang`, then restores the language it found (for tests and one-off texts).
pub fn with_lang<R>(lang: Lang, f: impl FnOnce() -> R) -> R {
    let before = self::lang();
    set_lang(lang);
    let out = f();
    set_lang(before);
    out
}

/// A currency amounts can be shown in. Providers bill in US dollars; the others are a display
/// conversion at a rate the reader enters (nothing is fetched).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CurrencyCode {
    #[default]
    Usd,
    Brl,
    Eur,
}

impl CurrencyCode {
    /// Every currency, in the order a picker lists them.
    pub const ALL: [CurrencyCode; 3] = [CurrencyCode::Usd, CurrencyCode::Brl, CurrencyCode::Eur];

    /// The link key's value: "usd", "brl", "eur".
    pub fn code(self) -> &'static str {
        match self {
            CurrencyCode::Usd => "usd",
            CurrencyCode::Brl => "brl",
            CurrencyCode::Eur => "eur",
        }
    }

    /// The ISO 4217 code, for people: "USD", "BRL", "EUR".
    pub fn iso(self) -> &'static str {
        match self {
            CurrencyCode::Usd => "USD",
            CurrencyCode::Brl => "BRL",
            CurrencyCode::Eur => "EUR",
        }
    }

    /// A link key's value: "usd", "brl" or "eur" (case-insensitive); anything else is `None`.
    pub fn from_code(code: &str) -> Option<CurrencyCode> {
        match code.trim().to_ascii_lowercase().as_str() {
            "usd" => Some(CurrencyCode::Usd),
            "brl" => Some(CurrencyCode::Brl),
            "eur" => Some(CurrencyCode::Eur),
            _ => None,
        }
    }

    /// The symbol written before an amount in `lang`: English "$", "R$", "€" (no space:
    /// "R$5,400"); Portuguese "US$ ", "R$ ", "€ " (with a space: "R$ 5.400", as pt-BR writes them).
    /// The space is a no-break space (U+00A0, as `Intl.NumberFormat("pt-BR")` writes it), so a
    /// line never ends on the symbol with its number on the next.
    pub fn prefix(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (CurrencyCode::Usd, Lang::En) => "$",
            (CurrencyCode::Brl, Lang::En) => "R$",
            (CurrencyCode::Eur, Lang::En) => "€",
            (CurrencyCode::Usd, Lang::Pt) => "US$\u{a0}",
            (CurrencyCode::Brl, Lang::Pt) => "R$\u{a0}",
            (CurrencyCode::Eur, Lang::Pt) => "€\u{a0}",
        }
    }
}

/// The currency amounts are shown in: `per_usd` units of `code` per US dollar (1 for dollars).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DisplayCurrency {
    pub code: CurrencyCode,
    pub per_usd: f64,
}

impl DisplayCurrency {
    /// US dollars, as billed.
    pub const USD: DisplayCurrency = DisplayCurrency {
        code: CurrencyCode::Usd,
        per_usd: 1.0,
    };

    /// The largest accepted rate (units per US dollar).
    pub const MAX_RATE: f64 = 1e6;

    /// A display currency, if the rate is usable: finite, above 0 and at most [`Self::MAX_RATE`].
    /// US dollars always convert at 1, whatever rate is given.
    pub fn new(code: CurrencyCode, per_usd: f64) -> Option<DisplayCurrency> {
        if code == CurrencyCode::Usd {
            return Some(DisplayCurrency::USD);
        }
        (per_usd.is_finite() && per_usd > 0.0 && per_usd <= Self::MAX_RATE)
            .then_some(DisplayCurrency { code, per_usd })
    }

    /// A dollar amount in this currency.
    pub fn convert(self, usd: f64) -> f64 {
        if self.code == CurrencyCode::Usd {
            usd
        } else {
            usd * self.per_usd
        }
    }

    /// An amount in this currency back in US dollars (the inverse of [`DisplayCurrency::convert`]).
    pub fn to_usd(self, amount: f64) -> f64 {
        if self.code == CurrencyCode::Usd {
            amount
        } else {
            amount / self.per_usd
        }
    }
}

impl Default for DisplayCurrency {
    fn default() -> Self {
        DisplayCurrency::USD
    }
}

thread_local! {
    static CURRENCY: Cell<DisplayCurrency> = const { Cell::new(DisplayCurrency::USD) };
}

/// The currency this thread shows amounts in.
pub fn currency() -> DisplayCurrency {
    CURRENCY.with(Cell::get)
}

/// Sets the currency this thread shows amounts in (an unusable rate is ignored by
/// [`DisplayCurrency::new`]; build it with that).
pub fn set_currency(currency: DisplayCurrency) {
    CURRENCY.with(|c| c.set(currency));
}

/// Runs `f` showing amounts in `currency`, then restores the currency it found.
pub fn with_currency<R>(currency: DisplayCurrency, f: impl FnOnce() -> R) -> R {
    let before = self::currency();
    set_currency(currency);
    let out = f();
    set_currency(before);
    out
}

thread_local! {
    static EXACT: Cell<bool> = const { Cell::new(false) };
}

/// Whether amounts are written exactly, every digit to the cent ("$405,797.10"), rather than
/// rounded for reading ("$406K"): a reader's preference (an accountant's, a founder checking a
/// figure), shown without hovering.
pub fn exact_amounts() -> bool {
    EXACT.with(Cell::get)
}

/// Sets whether this thread writes amounts exactly ([`exact_amounts`]).
pub fn set_exact_amounts(on: bool) {
    EXACT.with(|c| c.set(on));
}

/// Runs `f` with amounts written exactly or not, then restores the setting it found.
pub fn with_exact_amounts<R>(on: bool, f: impl FnOnce() -> R) -> R {
    let before = exact_amounts();
    set_exact_amounts(on);
    let out = f();
    set_exact_amounts(before);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_unknown_codes_are_refused() {
        for l in Lang::ALL {
            assert_eq!(Lang::from_code(l.code()), Some(l));
        }
        assert_eq!(Lang::from_code("PT"), Some(Lang::Pt));
        assert_eq!(Lang::from_code("pt-BR"), None);
        assert_eq!(Lang::from_code(""), None);
    }

    #[test]
    fn each_language_names_itself_and_its_html_tag() {
        // `<html lang>` is a BCP 47 tag (Brazilian Portuguese, not just "pt": screen readers pick
        // their voice by it), and the switch shows each language in its own words.
        assert_eq!(Lang::En.html_lang(), "en");
        assert_eq!(Lang::Pt.html_lang(), "pt-BR");
        assert_eq!(Lang::En.native_name(), "English");
        assert_eq!(Lang::Pt.native_name(), "Português");
    }

    #[test]
    fn browser_tags_pick_portuguese_for_any_region() {
        assert_eq!(Lang::from_browser_tag("pt-BR"), Lang::Pt);
        assert_eq!(Lang::from_browser_tag("pt-PT"), Lang::Pt);
        assert_eq!(Lang::from_browser_tag("pt"), Lang::Pt);
        assert_eq!(Lang::from_browser_tag("en-US"), Lang::En);
        assert_eq!(Lang::from_browser_tag("de-DE"), Lang::En);
        assert_eq!(Lang::from_browser_tag(""), Lang::En);
    }

    #[test]
    fn placeholders_are_filled_by_name_and_unknown_ones_kept() {
        let n = 3;
        assert_eq!(
            fill("%{n} GPUs at %{p}", &[("n", &n), ("p", &"Modal")]),
            "3 GPUs at Modal"
        );
        assert_eq!(fill("%{a}%{a}", &[("a", &1)]), "11");
        // Portuguese contracts "em"/"de" with a company's article; English and other words
        // are left alone.
        with_lang(Lang::Pt, || {
            let aws = "Amazon Web Services";
            assert_eq!(
                fill("8 GPUs em %{p}", &[("p", &aws)]),
                "8 GPUs na Amazon Web Services"
            );
            assert_eq!(
                fill("saindo de %{p}: 1", &[("p", &"Google Cloud")]),
                "saindo do Google Cloud: 1"
            );
            assert_eq!(
                fill("em %{p}", &[("p", &"Google Cloud")]),
                "no Google Cloud"
            );
            assert_eq!(
                fill("contas de %{p}", &[("p", &"Modal")]),
                "contas da Modal"
            );
            assert_eq!(
                fill("em %{p}", &[("p", &"Acme")]),
                "em Acme",
                "a name not in the table"
            );
            assert_eq!(
                fill("cadem %{p}", &[("p", &"Modal")]),
                "cadem Modal",
                "not the word em"
            );
            assert_eq!(fill("para %{p}", &[("p", &"Modal")]), "para Modal");
        });
        assert_eq!(fill("at %{p}", &[("p", &"Modal")]), "at Modal");
        assert_eq!(fill("%{missing} stays", &[("n", &n)]), "%{missing} stays");
        assert_eq!(fill("no brace %{n", &[("n", &n)]), "no brace %{n");
        assert_eq!(fill("plain", &[]), "plain");
    }

    #[test]
    fn tr_reads_the_threads_language() {
        // model/locales/common.yml: "%{n} days" / "%{n} dias".
        assert_eq!(
            with_lang(Lang::En, || crate::tr!("common.days", n = 3)),
            "3 days"
        );
        assert_eq!(
            with_lang(Lang::Pt, || crate::tr!("common.days", n = 3)),
            "3 dias"
        );
    }

    #[test]
    fn the_language_is_per_thread_and_with_lang_restores_it() {
        set_lang(Lang::En);
        assert_eq!(with_lang(Lang::Pt, lang), Lang::Pt);
        assert_eq!(lang(), Lang::En);
        let other = std::thread::spawn(|| {
            set_lang(Lang::Pt);
            lang()
        });
        assert_eq!(other.join().ok(), Some(Lang::Pt));
        assert_eq!(
            lang(),
            Lang::En,
            "another thread's language does not leak here"
        );
    }

    #[test]
    fn currencies_round_trip_and_bad_rates_are_refused() {
        for c in CurrencyCode::ALL {
            assert_eq!(CurrencyCode::from_code(c.code()), Some(c));
        }
        assert_eq!(CurrencyCode::from_code("BRL"), Some(CurrencyCode::Brl));
        assert_eq!(CurrencyCode::from_code("gbp"), None);
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY, 1e6 + 1.0] {
            assert_eq!(DisplayCurrency::new(CurrencyCode::Brl, bad), None, "{bad}");
        }
        // 1e6 is the largest accepted rate; dollars always convert at 1.
        assert!(DisplayCurrency::new(CurrencyCode::Eur, 1e6).is_some());
        assert_eq!(
            DisplayCurrency::new(CurrencyCode::Usd, 5.0),
            Some(DisplayCurrency::USD)
        );
        // $1,000 at 5.4 BRL per dollar is 5,400 BRL.
        let brl = DisplayCurrency::new(CurrencyCode::Brl, 5.4);
        assert_eq!(brl.map(|c| c.convert(1000.0)), Some(5400.0));
    }

    #[test]
    fn the_currency_is_per_thread_and_with_currency_restores_it() {
        set_currency(DisplayCurrency::USD);
        let eur = DisplayCurrency {
            code: CurrencyCode::Eur,
            per_usd: 0.925,
        };
        assert_eq!(with_currency(eur, currency), eur);
        assert_eq!(currency(), DisplayCurrency::USD);
    }
}

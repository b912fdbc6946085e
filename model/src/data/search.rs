//! Finding a credit program by the name a founder knows it by (issue 47): "Google for Startups
//! Cloud Program", "Founders Hub", "Build on Trainium", "Azure". A program matches when every word
//! of the query is in its names (English and Portuguese), its provider's name or id, its tiers or
//! its sources (which cite the programs' official names); matches on its own name come first.
//! Case and accents do not matter ("credito" finds "crédito").

use crate::data::catalog::{Catalog, Program};

/// How well a program matches a query: by its name, or only by its other texts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Match {
    /// Every word is in the program's name (either language) or its provider's.
    Name,
    /// Every word is somewhere in its texts, not all in the names.
    Text,
}

/// Lowercase, accents off, every run of other characters one space: "Crédito (IA)" → "credito ia ".
fn folded(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 1);
    for c in text.chars().flat_map(char::to_lowercase) {
        let plain = match c {
            'á' | 'à' | 'â' | 'ã' | 'ä' => 'a',
            'é' | 'ê' | 'è' | 'ë' => 'e',
            'í' | 'ì' | 'î' | 'ï' => 'i',
            'ó' | 'ò' | 'ô' | 'õ' | 'ö' => 'o',
            'ú' | 'ù' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            c => c,
        };
        if plain.is_alphanumeric() {
            out.push(plain);
        } else if !out.ends_with(' ') {
            out.push(' ');
        }
    }
    out.push(' ');
    format!(" {}", out.trim_start())
}

/// Whether every word of `query` starts a word of `text` (both folded: " … ").
fn has_words(text: &str, query: &[String]) -> bool {
    query.iter().all(|w| text.contains(&format!(" {w}")))
}

/// How `program` matches `query` (`None`: it does not; an empty query matches every program by
/// name). `catalog` gives its provider's name.
pub fn program_match(catalog: &Catalog, program: &Program, query: &str) -> Option<Match> {
    let words: Vec<String> = folded(query)
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let provider = catalog
        .provider(&program.provider)
        .map_or_else(String::new, |p| p.name.to_string());
    let names = folded(&format!(
        "{} {} {} {}",
        program.name, program.name_pt, provider, program.provider
    ));
    if has_words(&names, &words) {
        return Some(Match::Name);
    }
    let texts = folded(
        &[
            names.as_str(),
            &program.tiers,
            &program.tiers_pt,
            &program.covers,
            &program.covers_pt,
            &program.source,
            &program.source_pt,
            &program.ceiling_source,
            &program.ceiling_source_pt,
            &program.expected_source,
            &program.expected_source_pt,
            &program.validity_source,
            &program.validity_source_pt,
            &program.approval_source,
            &program.approval_source_pt,
        ]
        .join(" "),
    );
    has_words(&texts, &words).then_some(Match::Text)
}

/// The catalog's programs matching `query`, the name matches first, each group in catalog order.
pub fn search_programs<'a>(catalog: &'a Catalog, query: &str) -> Vec<&'a Program> {
    let mut found: Vec<(Match, usize, &Program)> = catalog
        .programs
        .iter()
        .enumerate()
        .filter_map(|(i, p)| program_match(catalog, p, query).map(|m| (m, i, p)))
        .collect();
    found.sort_by_key(|&(m, i, _)| (m, i));
    found.into_iter().map(|(_, _, p)| p).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(query: &str) -> Vec<String> {
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        search_programs(&c, query)
            .into_iter()
            .map(|p| p.id.to_string())
            .collect()
    }

    #[test]
    fn programs_are_found_by_the_names_founders_use() {
        // The São Paulo founder's "Google for Startups Cloud Program": both of its tiers by name,
        // before anything else.
        let google = ids("Google for Startups Cloud Program");
        assert_eq!(
            google.get(..2),
            Some(&["gcp-startups".to_string(), "gcp-startups-start".to_string()][..]),
            "{google:?}"
        );
        // Names from the programs' own pages, cited in the sources: found there.
        assert_eq!(ids("Build on Trainium"), ["aws-trainium"]);
        assert_eq!(ids("Founders Hub"), ["azure-founders"]);
        assert_eq!(ids("Modal for Startups"), ["modal"]);
        // The provider's name finds its programs; case and accents do not matter.
        assert_eq!(ids("azure"), ["azure-founders"]);
        assert_eq!(ids("NVIDIA inception")[0], "nvidia-inception");
        // The name's match comes first; the words in other programs' texts follow.
        assert_eq!(ids("faixa de ia")[0], "gcp-startups");
        assert_eq!(ids("FAIXA DE IÁ"), ids("faixa de ia"));
        // Every word must be there: a word no program has finds nothing.
        assert!(ids("google zebra").is_empty());
        // No query: every program, in catalog order.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(ids("").len(), c.programs.len());
        assert_eq!(ids("  ")[0], c.programs[0].id.to_string());
        // A word is matched from its start: "ai" is not inside "Trainium".
        assert!(!ids("ium").contains(&"aws-trainium".to_string()));
    }
}

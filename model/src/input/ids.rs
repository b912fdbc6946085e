//! Catalog ids given as text (by a link or a box): an accelerator, a provider that rents it, a
//! network its instance offers. Each check names the field and lists what is accepted.

use crate::data::catalog::Catalog;
use crate::input::field_spec::Field;
use crate::input::parse::{InputError, Problem};

/// Checks a network id against the networks offered for the accelerator's instance at the provider.
pub fn validate_network(
    text: &str,
    provider_id: &str,
    accelerator_id: &str,
    catalog: &Catalog,
) -> Result<String, InputError> {
    let id = text.trim();
    let offered: Vec<&str> =
        crate::estimators::overheads::offered_networks(catalog, provider_id, accelerator_id)
            .iter()
            .map(|n| n.as_ref())
            .collect();
    if offered.contains(&id) {
        return Ok(id.to_string());
    }
    let problem = match catalog.provider(provider_id) {
        Some(p) if catalog.network(id).is_some() => {
            Problem::NotOffered(match catalog.instance(provider_id, accelerator_id) {
                Some(i) => format!("{} ({})", p.name, i.instance),
                None => p.name.to_string(),
            })
        }
        _ => Problem::UnknownId,
    };
    Err(InputError::new(
        Field::Network,
        text,
        problem,
        crate::tr!("ids.one_of", ids = offered.join(", ")),
    ))
}

/// Checks an accelerator id against the catalog.
pub fn validate_accelerator(text: &str, catalog: &Catalog) -> Result<String, InputError> {
    let id = text.trim();
    if catalog.accelerator(id).is_some() {
        return Ok(id.to_string());
    }
    let ids: Vec<&str> = catalog.accelerators.iter().map(|a| a.id.as_ref()).collect();
    Err(InputError::new(
        Field::Gpu,
        text,
        Problem::UnknownId,
        crate::tr!("ids.one_of", ids = ids.join(", ")),
    ))
}

/// Checks a provider id against the catalog and the chosen accelerator.
pub fn validate_provider(
    text: &str,
    accelerator_id: &str,
    catalog: &Catalog,
) -> Result<String, InputError> {
    let id = text.trim();
    let renting: Vec<&str> = catalog
        .offers(accelerator_id)
        .map(|p| p.provider.as_ref())
        .collect();
    let expected = crate::tr!("ids.one_of", ids = renting.join(", "));
    if renting.contains(&id) {
        return Ok(id.to_string());
    }
    let problem = match catalog.accelerator(accelerator_id) {
        Some(acc) if catalog.provider(id).is_some() => {
            Problem::NotRented(acc.name_text().to_string())
        }
        _ => Problem::UnknownId,
    };
    Err(InputError::new(Field::Provider, text, problem, expected))
}

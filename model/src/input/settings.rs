//! The plan's shared settings: the hidden-cost knobs (network, failures, checkpoints, spot,
//! storage, egress), the billing views' questions and the credit advisor's. A plan has one copy;
//! every training job is priced under it ([`crate::input::job::Job`] holds a job's own fields).

use crate::data::catalog::Catalog;

/// Every input of the plan that is not one job's own.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Settings {
    /// Network, failures, checkpoints, spot, storage and egress knobs.
    pub overheads: crate::input::knobs::OverheadInputs,
    /// Billing-mode and inference break-even knobs.
    pub billing: crate::input::knobs::BillingInputs,
    /// The credit advisor's questions.
    pub advisor: crate::estimators::advisor::AdvisorKnobs,
}

impl Settings {
    /// The inter-node network chosen for a job at `provider_id`: the plan's choice when that
    /// provider offers it, else `None` (the provider's default applies).
    pub fn network_for(&self, provider_id: &str, catalog: &Catalog) -> Option<&str> {
        let chosen = self.overheads.network_id.as_deref()?;
        let offered = catalog
            .provider(provider_id)
            .is_none_or(|p| p.networks.iter().any(|x| x == chosen));
        offered.then_some(chosen)
    }

    /// Whether a job at `provider_id` can keep the plan's network choice (no choice, or one it
    /// offers).
    pub fn offers_network(&self, provider_id: &str, catalog: &Catalog) -> bool {
        self.overheads.network_id.is_none() || self.network_for(provider_id, catalog).is_some()
    }

    /// Drops a network choice `provider_id` does not offer (the provider's default applies), so
    /// the link stays valid after the edited job's provider changes.
    pub fn keep_offered_network(&mut self, provider_id: &str, catalog: &Catalog) {
        if !self.offers_network(provider_id, catalog) {
            self.overheads.network_id = None;
        }
    }
}

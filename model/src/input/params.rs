//! A model's size as the formulas need it: active parameters (FLOPs) and, for a mixture of
//! experts, the total (memory, checkpoints, the all-reduce, weights read per decode step).
//! Reading and writing it (`37B/671B`) is in [`crate::input::parse`].

/// A model's parameters: those each token uses (N in the FLOPs) and, for a mixture of experts,
/// all of them (memory, checkpoints, the gradient all-reduce, weights read per decode step).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ParamCount {
    /// Active parameters.
    pub active: f64,
    /// Total parameters of a mixture of experts (`None`: dense, total = active).
    pub total: Option<f64>,
}

impl ParamCount {
    /// A dense model.
    pub fn dense(params: f64) -> ParamCount {
        ParamCount {
            active: params,
            total: None,
        }
    }

    /// Every parameter: the total of a mixture of experts, else the active count.
    pub fn all(self) -> f64 {
        self.total.unwrap_or(self.active)
    }
}

impl crate::input::job::Job {
    /// Active and total parameters.
    pub fn param_count(&self) -> crate::input::params::ParamCount {
        crate::input::params::ParamCount {
            active: self.params,
            total: self.params_total,
        }
    }

    /// Sets active and total parameters.
    pub fn set_param_count(&mut self, p: crate::input::params::ParamCount) {
        self.params = p.active;
        self.params_total = p.total;
    }
}

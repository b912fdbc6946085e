use leptos::prelude::*;
use runway_model::catalog::Program;
use runway_model::format::usd;
use runway_model::plan::{PlannedGrant, MAX_GRANTS};

use crate::state::use_app_state;
use crate::ui::announce::Announcer;
use crate::ui::section::Collapsible;

/// The program catalog with filters (workload shape, provider, CUDA lock-in, backing) and an "Add to
/// plan" button on each card.
#[component]
pub fn ProgramBrowser() -> impl IntoView {
    let state = use_app_state();
    let shape = RwSignal::new(String::new());
    let provider = RwSignal::new(String::new());
    let cuda_locked = RwSignal::new(false);
    let unbacked = RwSignal::new(false);
    let shapes = state
        .catalog
        .shapes
        .iter()
        .map(|s| view! { <option value=s.id.to_string()>{s.name.to_string()}</option> })
        .collect_view();
    let mut provider_ids: Vec<&str> = Vec::new();
    for p in &state.catalog.programs {
        if !provider_ids.contains(&p.provider.as_ref()) {
            provider_ids.push(p.provider.as_ref());
        }
    }
    let providers = provider_ids
        .into_iter()
        .map(|id| {
            let name = state
                .catalog
                .provider(id)
                .map_or(id.to_string(), |p| p.name.to_string());
            view! { <option value=id.to_string()>{name}</option> }
        })
        .collect_view();
    let shape_note = move || {
        shape.with(|id| {
            state.catalog.shapes.iter().find(|s| s.id == *id).map(|s| {
                view! { <p class="shape-note" data-testid="shape-advice">"Right credit shape: "{s.right_shape.to_string()}". Watch out: "{s.watch_out.to_string()}"."</p> }
            })
        })
    };
    let cards = move || {
        let (shape, provider, cuda, unbacked) = (
            shape.get(),
            provider.get(),
            cuda_locked.get(),
            unbacked.get(),
        );
        state
            .catalog
            .programs
            .iter()
            .filter(|p| shape.is_empty() || p.fits.iter().any(|f| *f == shape))
            .filter(|p| provider.is_empty() || p.provider == provider)
            .filter(|p| !(cuda && p.leaves_cuda))
            .filter(|p| !(unbacked && p.needs_backing))
            .map(|p| view! { <ProgramCard program=p /> })
            .collect_view()
    };
    view! {
        <Collapsible id="programs" class="programs no-print" title="Credit programs" blurb="The catalog: typical amounts and ceilings, both clocks, what each covers; add one to the plan" nested=true>
        <div class="filters">
            <label>"Workload "<select data-testid="filter-shape" on:change=move |ev| shape.set(event_target_value(&ev))><option value="">"Any"</option>{shapes}</select></label>
            <label>"Provider "<select data-testid="filter-provider" on:change=move |ev| provider.set(event_target_value(&ev))><option value="">"Any"</option>{providers}</select></label>
            <label><input type="checkbox" data-testid="filter-cuda" on:change=move |ev| cuda_locked.set(event_target_checked(&ev)) />" Our stack is CUDA-locked"</label>
            <label><input type="checkbox" data-testid="filter-unbacked" on:change=move |ev| unbacked.set(event_target_checked(&ev)) />" No VC or accelerator backing"</label>
        </div>
        {shape_note}
        <div class="program-grid">{cards}</div>
        </Collapsible>
    }
}

/// One program: typical amount and ceiling, what it covers, both clocks, eligibility, porting cost,
/// the workload shapes it fits and why, and what to watch.
#[component]
fn ProgramCard(
    /// The program shown.
    program: &'static Program,
) -> impl IntoView {
    let state = use_app_state();
    let watch: Vec<String> = program
        .fits
        .iter()
        .filter_map(|f| state.catalog.shapes.iter().find(|s| s.id == *f))
        .map(|s| format!("{}: {}", s.name, s.watch_out))
        .collect();
    // How many grants of this program the plan holds: the button says so, so a second click is a
    // choice (two grants of one program are allowed: two rounds, two entities), never an accident.
    let in_plan = Memo::new(move |_| {
        state.plan.with(|p| {
            p.grants
                .iter()
                .filter(|g| g.program_id == program.id.as_ref())
                .count()
        })
    });
    let announcer = Announcer::get();
    let add = move |_| {
        let added = state.plan.try_update(|p| {
            (p.grants.len() < MAX_GRANTS).then(|| {
                p.grants.push(PlannedGrant::from_program(program));
                p.grants.len()
            })
        });
        // The new row is far from this button: say where it went.
        announcer.say(match added.flatten() {
            Some(n) => format!(
                "{} added to the plan as grant {n}, under Grants in the plan.",
                program.name
            ),
            None => format!(
                "The plan holds at most {MAX_GRANTS} grants: remove one to add {}.",
                program.name
            ),
        });
    };
    let label = move || match in_plan.get() {
        0 => "Add to plan".to_string(),
        n => format!("In the plan ({n}): add another"),
    };
    let fits = program
        .fits
        .iter()
        .filter_map(|f| state.catalog.shapes.iter().find(|s| s.id == *f))
        .map(|s| s.name.to_lowercase())
        .collect::<Vec<_>>()
        .join(", ");
    let porting = (program.leaves_cuda).then(|| {
        format!(
            "Leaves CUDA: about {} engineer-weeks of porting.",
            program.porting_weeks
        )
    });
    view! {
        <article class="program" data-testid=format!("program-{}", program.id)>
            <h4>{program.name.to_string()}</h4>
            <p class="ceiling" data-testid=format!("program-amounts-{}", program.id)>{typical_up_to(program)}</p>
            <p class="hint">"Typical for a seed-stage team, added to the plan by default: "{program.expected_source.to_string()}" The ceiling is a tier maximum, never a default."</p>
            <p>{program.covers.to_string()}" ("{program.scope.describe()}")"</p>
            <p>"Review "{program.review_days_min}"–"{program.review_days_max}" days (typical "{program.review_days_typical}"); valid "{program.validity_days}" days from approval."</p>
            <p>"Eligibility: "{program.stage.to_string()}{if program.needs_backing { "; needs VC or accelerator backing." } else { "." }}</p>
            {porting.map(|t| view! { <p class="warn">{t}</p> })}
            <p class="hint" data-testid=format!("program-fits-{}", program.id)>"Fits: "{fits}". "{program.fits_reason.to_string()}</p>
            <p class="hint">"Watch out — "{watch.join("; ")}</p>
            <p class="hint">"Source: "{program.source.to_string()}", as of "{program.as_of.to_string()}</p>
            <button type="button" data-testid=format!("add-program-{}", program.id) on:click=add
                aria-label=move || match in_plan.get() { 0 => format!("Add {} to the plan", program.name), n => format!("{} is in the plan {n} time(s): add another", program.name) }>{label}</button>
            <span class="hint" role="status" data-testid=format!("program-in-plan-{}", program.id)>
                {move || (in_plan.get() > 0).then_some(" ✓ in the plan, under Credits and runway")}
            </span>
        </article>
    }
}

/// "typical $25K, up to $150K": the expected grant for a seed-stage team and the tier maximum.
pub fn typical_up_to(program: &Program) -> String {
    format!(
        "typical {}, up to {}",
        usd(program.expected_usd),
        usd(program.ceiling_usd)
    )
}

use leptos::prelude::*;
use runway_model::{tr, usd, Field, PlannedGrant, Program, MAX_GRANTS};

use crate::state::use_app_state;
use crate::widgets::announce::{edit_test_id, marked, piece, Announcer, MARK};
use crate::widgets::cited::cited;

/// The program catalog with filters (workload shape, provider, CUDA lock-in, backing) and an "Add to
/// plan" button on each card. The workload and the CUDA lock-in are the advisor's inputs (link keys
/// `shape`, `cuda`): one value each, shown in both places; "Any" only stops filtering by workload.
#[component]
pub fn ProgramBrowser() -> impl IntoView {
    let state = use_app_state();
    // Whether the workload filter is off ("Any"); the workload itself is the advisor's.
    let any_shape = RwSignal::new(true);
    let shape = Memo::new(move |_| {
        if any_shape.get() {
            String::new()
        } else {
            state.settings.with(|s| s.advisor.shape.clone())
        }
    });
    let provider = RwSignal::new(String::new());
    let cuda_locked = Memo::new(move |_| state.number_of(Field::Cuda) == Some(1.0));
    let unbacked = RwSignal::new(false);
    // A name typed by the reader ("Google for Startups Cloud Program", "Founders Hub"): the
    // programs it names first, then those whose sources cite it.
    let query = RwSignal::new(String::new());
    let shapes = state
        .catalog
        .shapes
        .iter()
        .map(|s| {
            let id = s.id.to_string();
            let selected = move || shape.with(|x| *x == id);
            view! { <option value=s.id.to_string() prop:selected=selected>{s.name_text()}</option> }
        })
        .collect_view();
    let choose_shape = move |ev| {
        let id = event_target_value(&ev);
        if id.is_empty() {
            any_shape.set(true);
        } else if state.catalog.shapes.iter().any(|x| x.id == id) {
            state.field(Field::Shape).clear_error();
            state.edit(|_, s| s.advisor.shape = id);
            any_shape.set(false);
        }
    };
    let hidden_by_cuda = move || {
        let n = state
            .catalog
            .programs
            .iter()
            .filter(|p| p.leaves_cuda)
            .count();
        (cuda_locked.get() && n > 0).then(|| {
            view! { <p class="hint" data-testid="filter-cuda-hidden">{if n == 1 { tr!("programs.cuda_hidden_one") } else { tr!("programs.cuda_hidden_other", n = n) }}</p> }
        })
    };
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
                view! { <p class="shape-note" data-testid="shape-advice">{tr!("advisor.shape_advice", right = s.right_text(), watch = s.watch_text())}</p> }
            })
        })
    };
    // The programs the search finds, then those the filters keep.
    let shown = Memo::new(move |_| {
        let (shape, provider, cuda, unbacked) = (
            shape.get(),
            provider.get(),
            cuda_locked.get(),
            unbacked.get(),
        );
        let found = query.with(|q| runway_model::search_programs(state.catalog, q));
        let n_found = found.len();
        let kept: Vec<&'static Program> = found
            .into_iter()
            .filter(|p| shape.is_empty() || p.fits.iter().any(|f| *f == shape))
            .filter(|p| provider.is_empty() || p.provider == provider)
            .filter(|p| !(cuda && p.leaves_cuda))
            .filter(|p| !(unbacked && p.needs_backing))
            .collect();
        (kept, n_found)
    });
    let cards = move || {
        shown.with(|(kept, _)| {
            kept.iter()
                .map(|&p| view! { <ProgramCard program=p /> })
                .collect_view()
        })
    };
    // What the search found that the filters hide, or that it found nothing.
    let search_note = move || {
        let typed = query.with(|q| q.trim().to_string());
        if typed.is_empty() {
            return None;
        }
        let (kept, found) = shown.with(|(k, n)| (k.len(), *n));
        let text = if found == 0 {
            tr!("programs.search_none", query = typed)
        } else if kept + 1 == found {
            tr!("programs.search_hidden_one")
        } else if kept < found {
            tr!("programs.search_hidden_other", n = found - kept)
        } else {
            return None;
        };
        Some(view! { <p class="hint" role="status" data-testid="search-note">{text}</p> })
    };
    view! {
        <div class="filters">
            <label class="program-search">{tr!("programs.search")}" "
                <input type="search" id="program-search" data-testid="filter-search" autocomplete="off"
                    placeholder=tr!("programs.search_placeholder")
                    prop:value=query on:input=move |ev| query.set(event_target_value(&ev))
                    // Enter goes to the first card found: its "Add" button, one Tab from "I
                    // already have these".
                    on:keydown=move |ev: leptos::ev::KeyboardEvent| if ev.key() == "Enter" {
                        ev.prevent_default();
                        request_animation_frame(|| {
                            crate::widgets::announce::center_focus(".program-grid [data-testid^=add-program-]");
                        });
                    } />
            </label>
            <label>{tr!("programs.workload")}" "<select data-testid="filter-shape" on:change=choose_shape><option value="" prop:selected=move || any_shape.get()>{tr!("programs.any")}</option>{shapes}</select></label>
            <label>{tr!("programs.provider")}" "<select data-testid="filter-provider" on:change=move |ev| provider.set(event_target_value(&ev))><option value="">{tr!("programs.any")}</option>{providers}</select></label>
            <label><input type="checkbox" data-testid="filter-cuda" prop:checked=cuda_locked on:change=move |ev| state.set_switch(Field::Cuda, event_target_checked(&ev)) />" "{tr!("advisor.cuda_locked")}</label>
            <label><input type="checkbox" data-testid="filter-unbacked" on:change=move |ev| unbacked.set(event_target_checked(&ev)) />" "{tr!("programs.unbacked")}</label>
        </div>
        {shape_note}
        {hidden_by_cuda}
        {search_note}
        <div class="program-grid">{cards}</div>
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
        .map(|s| format!("{}: {}", s.name_text(), s.watch_text()))
        .collect();
    // How many grants of this program the plan holds: the button says so, so a second click is a
    // choice (two grants of one program are allowed: two rounds, two entities), never an accident.
    let in_plan = Memo::new(move |_| {
        state.grants.with(|grants| {
            grants
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
            Some(n) => tr!("programs.added", name = program.name_text(), n = n),
            None => tr!(
                "programs.full",
                max = MAX_GRANTS,
                name = program.name_text()
            ),
        });
    };
    // Credits the team already holds: added as held (approved by day 0, the catalog's validity
    // from then), the keyboard on the balance box to type what is left.
    let add_held = move |_| {
        let added = state.plan.try_update(|p| {
            (p.grants.len() < MAX_GRANTS).then(|| {
                // Approved by day 0, valid the catalog's days from then.
                p.grants.push(PlannedGrant::held(
                    program,
                    program.expected_usd,
                    0,
                    program.validity_days,
                ));
                p.grants.len()
            })
        });
        match added.flatten() {
            Some(n) => {
                announcer.say(tr!(
                    "programs.added_held",
                    name = program.name_text(),
                    n = n
                ));
                edit_test_id(format!("grant-{}-amount", n - 1));
            }
            None => announcer.say(tr!(
                "programs.full",
                max = MAX_GRANTS,
                name = program.name_text()
            )),
        }
    };
    let label = move || match in_plan.get() {
        0 => tr!("programs.add"),
        n => tr!("programs.add_another", n = n),
    };
    let fits = program
        .fits
        .iter()
        .filter_map(|f| state.catalog.shapes.iter().find(|s| s.id == *f))
        .map(|s| s.name_text().to_lowercase())
        .collect::<Vec<_>>()
        .join(", ");
    let porting =
        (program.leaves_cuda).then(|| tr!("programs.leaves_cuda", weeks = program.porting_weeks));
    // The catalog's descriptions and sources are in the reader's language (data/*.json
    // `<field>_pt`); the publications they cite keep their English titles (see `cited`).
    let typical = marked(&tr!("programs.typical", source = MARK));
    let up_to = marked(&tr!("programs.up_to_source", source = MARK));
    let validity = marked(&tr!("programs.validity_source", source = MARK));
    // The tiers, with a quoted programme title kept in English and marked so (like sources).
    let tiers =
        (!program.tiers_text().is_empty()).then(|| marked(&tr!("programs.tiers", tiers = MARK)));
    let fits_empty = fits.is_empty();
    let fits_line = marked(&tr!("programs.fits", fits = fits, reason = MARK));
    let source_line = marked(&tr!(
        "programs.source",
        source = MARK,
        as_of = runway_model::date_in_words(&program.as_of)
    ));
    view! {
        <article class="program" data-testid=format!("program-{}", program.id)>
            <h4>{program.name_text().to_string()}</h4>
            <p class="ceiling" data-testid=format!("program-amounts-{}", program.id)>{typical_up_to(program)}</p>
            <p class="hint">{piece(&typical, 0)}{cited(program.expected_source_text())}{piece(&typical, 1)}</p>
            <p class="hint" data-testid=format!("program-ceiling-source-{}", program.id)>{piece(&up_to, 0)}{cited(program.ceiling_source_text())}{piece(&up_to, 1)}</p>
            {tiers.map(|t| view! { <p data-testid=format!("program-tiers-{}", program.id)>{piece(&t, 0)}{cited(program.tiers_text())}{piece(&t, 1)}</p> })}
            <p>{program.covers_text().to_string()}" ("{program.scope.describe()}")"</p>
            <p>{tr!("programs.clocks", min = program.review_days_min, max = program.review_days_max, typical = program.review_days_typical, valid = program.validity_days)}</p>
            <p class="hint" data-testid=format!("program-validity-source-{}", program.id)>{piece(&validity, 0)}{cited(program.validity_source_text())}{piece(&validity, 1)}</p>
            <p data-testid=format!("program-eligibility-{}", program.id)>{tr!("advisor.eligibility", text = program.eligibility())}</p>
            {porting.map(|t| view! { <p class="warn">{t}</p> })}
            // A program that fits no workload (NVIDIA Inception grants no credits of its own)
            // says its reason alone, or nothing: never "Serve para: ." or "Cuidado —" with
            // nothing after them.
            {match (fits_empty, program.fits_reason_text().trim().is_empty()) {
                (true, true) => None,
                (true, false) => Some(view! { <p class="hint" data-testid=format!("program-fits-{}", program.id)>{program.fits_reason_text().to_string()}</p> }.into_any()),
                (false, _) => Some(view! { <p class="hint" data-testid=format!("program-fits-{}", program.id)>{piece(&fits_line, 0)}{program.fits_reason_text().to_string()}{piece(&fits_line, 1)}</p> }.into_any()),
            }}
            {(!watch.is_empty()).then(|| view! { <p class="hint">{tr!("programs.watch", text = watch.join("; "))}</p> })}
            <p class="hint">{piece(&source_line, 0)}{cited(program.source_text())}{piece(&source_line, 1)}</p>
            <p class="hint" data-testid=format!("program-chance-{}", program.id) data-value=runway_model::format_number_exact(program.approval_chance)>
                {tr!("programs.chance", chance = runway_model::percent(program.approval_chance))}" "{cited(program.approval_source_text())}
            </p>
            {(!program.has_no_credits()).then(|| view! {
                <button type="button" data-testid=format!("add-program-{}", program.id) on:click=add
                    aria-label=move || match in_plan.get() { 0 => tr!("programs.add_label", name = program.name_text()), n => tr!("programs.add_another_label", name = program.name_text(), n = n) }>{label}</button>
                " "
                <button type="button" class="secondary" data-testid=format!("add-held-{}", program.id) on:click=add_held
                    aria-label=tr!("programs.add_held_label", name = program.name_text())>{tr!("programs.add_held")}</button>
            })}
            <span class="hint" role="status" data-testid=format!("program-in-plan-{}", program.id)>
                {move || (in_plan.get() > 0).then(|| tr!("programs.in_plan"))}
            </span>
        </article>
    }
}

/// "typical $25K, up to $150K": the expected grant for a seed-stage team and the tier maximum.
pub fn typical_up_to(program: &Program) -> String {
    if program.has_no_credits() {
        return tr!("programs.no_credits");
    }
    tr!(
        "programs.typical_up_to",
        typical = usd(program.expected_usd),
        ceiling = usd(program.ceiling_usd)
    )
}

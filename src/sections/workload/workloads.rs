use leptos::prelude::*;
use runway_model::{
    compact, data_value, job_from_slots, job_kinds, percent, serve_from_slots, tr, usd, usd_exact,
    work_from_slots, ExtraWorkload, Field, Origin, Serve, MAX_WORKLOADS,
};

use crate::state::use_app_state;
use crate::widgets::announce::{focus_test_id, marked, piece, Announcer, MARK};
use crate::widgets::number_box::NumberBox;

/// The plan's workloads: training jobs (one is open in the calculator above), serving lines and
/// experiments, each with what it costs and when it runs, removable; and one form that adds any
/// kind, validated like a link token.
#[component]
pub fn WorkloadList() -> impl IntoView {
    let state = use_app_state();
    // Rows are rebuilt only when the set of workloads changes; amounts update in place.
    let job_count = Memo::new(move |_| state.plan.with(|p| p.count::<runway_model::Job>()));
    let serve_count = Memo::new(move |_| state.plan.with(|p| p.count::<runway_model::Serve>()));
    // The serving line open in the form below, if one is being edited.
    let form = AddForm::new();
    let announcer = Announcer::get();
    // A workload's row is gone (with the Remove button that had the focus): say so, and move the
    // focus to the row now in its place in the list, else the one before, else the heading.
    // The removals, undoable newest first while the plan stays as the last one left it (any
    // other edit makes the note go: undoing would silently drop that edit). A second removal
    // right after the first (a double click, Enter pressed twice: the next row's Remove button
    // takes the focus) stacks, so both come back.
    let removals = RwSignal::new(Vec::<Removal>::new());
    let removed = move |text: String, position: usize, before| {
        let (jobs, serves, works, apis) = state.plan.with_untracked(|p| {
            (
                p.count::<runway_model::Job>(),
                p.count::<runway_model::Serve>(),
                p.count::<runway_model::ExtraWorkload>(),
                p.count::<runway_model::ApiUse>(),
            )
        });
        if jobs + serves + works + apis == 0 {
            announcer.say(format!(
                "{text} {} {}",
                tr!("focus.no_workloads_left"),
                tr!("workloads.undo_hint")
            ));
        } else {
            announcer.say(format!("{text} {}", tr!("workloads.undo_hint")));
        }
        removals.update(|stack| {
            stack.push(Removal {
                text,
                position,
                before,
                after: state.snapshot(),
            });
        });
        focus_test_id(removal_focus(position, [jobs, serves, works, apis]));
    };
    let undoable = Memo::new(move |_| {
        removals.with(|stack| {
            let r = stack.last()?;
            state.holds(&r.after).then(|| r.text.clone())
        })
    });
    // The first other edit ends every pending undo; the emptied stack stops the comparison above
    // from running on each later edit (a slider's every step).
    Effect::new(move |_| {
        if undoable.with(Option::is_none) && removals.with_untracked(|s| !s.is_empty()) {
            removals.set(Vec::new());
        }
    });
    let undo = move |_| {
        let Some(r) = removals.try_update(Vec::pop).flatten() else {
            return;
        };
        state.restore(r.before);
        announcer.say(tr!("workloads.restored"));
        // The restored row's Remove button, where the removal started.
        let (jobs, serves, works, apis) = state.plan.with_untracked(|p| {
            (
                p.count::<runway_model::Job>(),
                p.count::<runway_model::Serve>(),
                p.count::<runway_model::ExtraWorkload>(),
                p.count::<runway_model::ApiUse>(),
            )
        });
        focus_test_id(removal_focus(r.position, [jobs, serves, works, apis]));
    };
    let iso = move |day: u32| {
        state.day0.with(|p| {
            p.date_of(day)
                .map_or_else(|| "none".to_string(), |d| d.iso())
        })
    };
    let human = move |day: u32| state.day0.with(|p| p.day_text(i64::from(day)));
    let jobs = move || {
        (0..job_count.get())
            .map(|i| {
                // What the row shows, once per runway change; a row whose job did not change
                // is not touched.
                let row = Memo::new(move |_| {
                    state.runway.with(|r| {
                        r.as_ref().and_then(|r| r.jobs.get(i)).map(|j| JobRow {
                            title: tr!(
                                "workloads.job_title",
                                title = j.job.title(),
                                gpus = j.job.gpus,
                                gpu = accelerator_name(state.catalog, &j.job.accelerator_id),
                                provider = provider_name(state.catalog, &j.job.provider_id)
                            ),
                            cost_usd: j.cost_usd,
                            gpu_hours: j.gpu_hours,
                            start_day: j.start_day,
                            end_day: j.end_day,
                        })
                    })
                });
                let pick = move |f: fn(&JobRow) -> f64| row.with(|r| r.as_ref().map_or(0.0, f));
                let day = move |f: fn(&JobRow) -> u32| row.with(|r| r.as_ref().map_or(0, f));
                let editing = move || state.editing.with(|e| *e == Some(i));
                let title = move || row.with(|r| r.as_ref().map(|r| r.title.clone()));
                let start = view! {
                    <span class="stat" data-testid=format!("job-start-date-{i}") data-value=move || iso(day(|j| j.start_day))>{move || human(day(|j| j.start_day))}</span>
                }
                .into_any();
                let end = view! {
                    <span class="stat" data-testid=format!("job-end-date-{i}") data-value=move || iso(day(|j| j.end_day))>{move || human(day(|j| j.end_day))}</span>
                }
                .into_any();
                let dates = marked(&tr!("workloads.job_dates", start = MARK, end = MARK));
                let dates = view! { {piece(&dates, 0)}{start}{piece(&dates, 1)}{end}{piece(&dates, 2)} };
                view! {
                    <li data-testid=format!("job-{i}") class:editing=editing>
                        <span class="workload-title">{move || format!("{}. ", i + 1)}{title}</span>
                        <span class="workload-stats">
                            <span class="stat" data-testid=format!("job-cost-{i}") data-value=move || data_value(pick(|j| j.cost_usd)) title=move || usd_exact(pick(|j| j.cost_usd))>{move || usd(pick(|j| j.cost_usd))}</span>
                            " · "
                            <span class="stat" data-testid=format!("job-gpu-hours-{i}") data-value=move || data_value(pick(|j| j.gpu_hours))>{move || tr!("workloads.gpu_hours", n = compact(pick(|j| j.gpu_hours)))}</span>
                            " · "
                            {dates}
                        </span>
                        <button type="button" class="link-button" data-testid=format!("edit-job-{i}") aria-pressed=move || editing().to_string()
                            aria-label=move || if editing() { tr!("workloads.editing_above_job", n = i + 1) } else { tr!("workloads.edit_job", n = i + 1) }
                            on:click=move |_| state.edit_job(i)>{move || if editing() { tr!("workloads.editing_above") } else { tr!("workloads.edit") }}</button>
                        <button type="button" class="link-button" data-testid=format!("remove-job-{i}")
                            aria-label=tr!("workloads.remove_job", n = i + 1)
                            on:click=move |_| {
                                let before = state.snapshot();
                                let title =
                                    state.plan.with_untracked(|p| p.nth::<runway_model::Job>(i).map(|j| j.title()));
                                state.remove_job(i);
                                removed(tr!("focus.job_removed", n = i + 1, title = title.unwrap_or_default()), i, before);
                            }>{tr!("workloads.remove")}</button>
                    </li>
                }
            })
            .collect_view()
    };
    let serves = move || {
        (0..serve_count.get())
            .map(|j| {
                let row = Memo::new(move |_| {
                    state.runway.with(|r| {
                        r.as_ref().and_then(|r| r.serves.get(j)).map(|v| {
                            let text = match &v.error {
                                Some(e) => format!("{}: {e}", v.serve.title()),
                                None => tr!(
                                    "workloads.serve_text",
                                    title = v.serve.title(),
                                    gpu = accelerator_name(state.catalog, &v.serve.accelerator_id),
                                    provider = provider_name(state.catalog, &v.serve.provider_id),
                                    host = v.serve.host.text(),
                                    start = human(v.start_day),
                                    end = human(v.end_day)
                                ),
                            };
                            ServeRow {
                                text,
                                gpus: f64::from(v.gpus),
                                monthly_usd: v.monthly_usd,
                                api_monthly_usd: v.api_monthly_usd,
                                api_name: state
                                    .catalog
                                    .api(&v.api_id)
                                    .map_or_else(|| v.api_id.clone(), |a| a.name.to_string()),
                            }
                        })
                    })
                });
                let pick = move |f: fn(&ServeRow) -> f64| row.with(|r| r.as_ref().map_or(0.0, f));
                let text = move || row.with(|r| r.as_ref().map(|r| r.text.clone()));
                // The line's deployment, step by step, computed only while open (the billing
                // section prints the same lines for the line it prices).
                let math_open = RwSignal::new(false);
                let math = move || {
                    math_open.get().then(|| {
                        let lines = crate::state::derived::serve_math(state, j);
                        view! {
                            <ol class="serve-math" data-testid=format!("serve-math-{j}")>
                                {lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}
                            </ol>
                        }
                    })
                };
                let remove = move |_| {
                    let before = state.snapshot();
                    let title = state.plan.with_untracked(|p| p.nth::<runway_model::Serve>(j).map(Serve::title));
                    state.plan.update(|p| {
                        if let Some(id) = p.id_of::<runway_model::Serve>(j) {
                            p.remove(id);
                        }
                    });
                    let position = job_count.get_untracked() + j;
                    removed(tr!("focus.serve_removed", n = j + 1, title = title.unwrap_or_default()), position, before);
                };
                view! {
                    <li data-testid=format!("serve-{j}")>
                        <span class="workload-title">{move || format!("{}. ", job_count.get() + j + 1)}{text}</span>
                        <span class="workload-stats">
                            <span class="stat" data-testid=format!("serve-gpus-{j}") data-value=move || data_value(pick(|v| v.gpus))>{move || { let n = pick(|v| v.gpus); if n == 1.0 { tr!("workloads.always_on_one", n = n) } else { tr!("workloads.always_on_other", n = n) } }}</span>
                            " · "
                            <span class="stat" data-testid=format!("serve-monthly-{j}") data-value=move || data_value(pick(|v| v.monthly_usd)) title=move || usd_exact(pick(|v| v.monthly_usd))>{move || tr!("workloads.a_month", amount = usd(pick(|v| v.monthly_usd)))}</span>
                            " · "
                            <span class="stat" data-testid=format!("serve-api-monthly-{j}") data-value=move || data_value(pick(|v| v.api_monthly_usd)) title=move || usd_exact(pick(|v| v.api_monthly_usd))>{move || tr!("workloads.via_api", api = row.with(|r| r.as_ref().map(|r| r.api_name.clone()).unwrap_or_default()), amount = usd(pick(|v| v.api_monthly_usd)))}</span>
                        </span>
                        <details class="math serve-details" on:toggle=move |ev| math_open.set(event_target::<web_sys::HtmlDetailsElement>(&ev).open())>
                            <summary data-testid=format!("serve-show-math-{j}")><span class="when-closed">{tr!("results.show_math")}</span><span class="when-open">{tr!("results.hide_math")}</span><span class="visually-hidden">{tr!("workloads.serve_show_math_for", n = j + 1)}</span></summary>
                            {math}
                        </details>
                        <button type="button" class="link-button" data-testid=format!("edit-serve-{j}")
                            aria-label=tr!("workloads.edit_serve", n = j + 1)
                            on:click=move |_| {
                                if let Some(v) = state.plan.with_untracked(|p| p.nth::<runway_model::Serve>(j).cloned()) {
                                    form.edit_serve(j, &v);
                                    // The line is now in the form below: the keyboard goes there.
                                    announcer.say(tr!("focus.serve_edit_open", n = j + 1));
                                    focus_test_id("new-work-type".to_string());
                                }
                            }>{tr!("workloads.edit")}</button>
                        <button type="button" class="link-button" data-testid=format!("remove-serve-{j}")
                            aria-label=tr!("workloads.remove_serve", n = j + 1)
                            on:click=remove>{tr!("workloads.remove")}</button>
                    </li>
                }
            })
            .collect_view()
    };
    // Rebuilt only when the experiments change (not on every edit of a job).
    let works = Memo::new(move |_| {
        state
            .plan
            .with(|p| p.experiments().into_iter().cloned().collect::<Vec<_>>())
    });
    let experiments = move || {
        works.with(|workloads| {
            workloads
                .iter()
                .enumerate()
                .map(|(k, w)| {
                    let text = describe(w, state.catalog);
                    let remove = move |_| {
                        let before = state.snapshot();
                        state.plan.update(|p| {
                            if let Some(id) = p.id_of::<runway_model::ExtraWorkload>(k) {
                                p.remove(id);
                            }
                        });
                        // A row being edited at or after this one has moved: the edit ends.
                        if form.edit_work.get_untracked().is_some_and(|e| e >= k) {
                            form.edit_work.set(None);
                        }
                        let position = state.plan.with_untracked(|p| p.count::<runway_model::Job>() + p.count::<runway_model::Serve>()) + k;
                        removed(tr!("focus.work_removed", n = k + 1), position, before);
                    };
                    let edit = move |_| {
                        if let Some(w) = state.plan.with_untracked(|p| p.nth::<runway_model::ExtraWorkload>(k).cloned()) {
                            form.edit_work(k, &w);
                            // The row is now in the form below: the keyboard goes there.
                            announcer.say(tr!("focus.work_edit_open", n = k + 1));
                            focus_test_id("new-work-type".to_string());
                        }
                    };
                    view! {
                        <li data-testid=format!("work-{k}")>
                            {text}
                            <button type="button" class="link-button" data-testid=format!("edit-work-{k}")
                                aria-label=tr!("workloads.edit_work", n = k + 1) on:click=edit>{tr!("workloads.edit")}</button>
                            <button type="button" class="link-button" data-testid=format!("remove-work-{k}")
                                aria-label=tr!("workloads.remove_work", n = k + 1) on:click=remove>{tr!("workloads.remove")}</button>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    // Hosted API lines: the monthly bill, the serving line they replaced this visit (one click
    // back), removable.
    let api_count = Memo::new(move |_| state.plan.with(|p| p.count::<runway_model::ApiUse>()));
    let apis = move || {
        (0..api_count.get())
            .map(|a| {
                let row = Memo::new(move |_| {
                    state.runway.with(|r| {
                        r.as_ref().and_then(|r| r.apis.get(a)).map(|o| {
                            (
                                tr!(
                                    "workloads.api_text",
                                    title = o.api.title(state.catalog),
                                    provider = provider_name(state.catalog, &o.api.provider_id),
                                    start = human(o.api.start_day)
                                ),
                                o.monthly_usd,
                            )
                        })
                    })
                });
                let monthly = move || row.with(|r| r.as_ref().map_or(0.0, |r| r.1));
                let text = move || row.with(|r| r.as_ref().map(|r| r.0.clone()));
                let id = move || state.plan.with_untracked(|p| p.id_of::<runway_model::ApiUse>(a));
                // The serving line it replaced, if any (carried by the link): one click back.
                let before = Memo::new(move |_| {
                    state
                        .plan
                        .with(|p| p.nth::<runway_model::ApiUse>(a).and_then(runway_model::ApiUse::self_hosted))
                });
                let back = move |_| {
                    let (Some(id), Some(serve)) = (id(), before.get_untracked()) else {
                        return;
                    };
                    let mut at = None;
                    state.plan.update(|p| {
                        let id = p.upsert(Some(id), serve);
                        at = p.index_in_kind(id);
                    });
                    announcer.say(tr!("workloads.self_hosted_again"));
                    if let Some(j) = at {
                        focus_test_id(format!("use-api-{j}"));
                    }
                };
                let remove = move |_| {
                    let snapshot = state.snapshot();
                    state.plan.update(|p| {
                        if let Some(id) = p.id_of::<runway_model::ApiUse>(a) {
                            p.remove(id);
                        }
                    });
                    let position = state.plan.with_untracked(|p| {
                        p.count::<runway_model::Job>()
                            + p.count::<runway_model::Serve>()
                            + p.count::<runway_model::ExtraWorkload>()
                    }) + a;
                    removed(tr!("workloads.api_removed", n = a + 1), position, snapshot);
                };
                view! {
                    <li data-testid=format!("api-use-{a}")>
                        <span class="workload-title">{text}</span>
                        <span class="workload-stats">
                            <span class="stat" data-testid=format!("api-use-monthly-{a}") data-value=move || data_value(monthly()) title=move || usd_exact(monthly())>{move || tr!("workloads.a_month", amount = usd(monthly()))}</span>
                        </span>
                        {move || before.get().map(|_| view! {
                            <button type="button" class="link-button" data-testid=format!("self-host-again-{a}") on:click=back>{tr!("workloads.self_host_again")}</button>
                        })}
                        <button type="button" class="link-button" data-testid=format!("remove-api-use-{a}")
                            aria-label=tr!("workloads.remove_api", n = a + 1)
                            on:click=remove>{tr!("workloads.remove")}</button>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <h3 class="no-print" id="workloads" data-testid="workloads-heading">{tr!("workloads.heading")}</h3>
        <ul class="workloads no-print">
            {jobs}
            {serves}
            {experiments}
            {apis}
        </ul>
        {move || undoable.get().map(|text| view! {
            <p class="undo no-print" data-testid="undo-remove-note">{text}" "
                <button type="button" data-testid="undo-remove" on:click=undo>{tr!("workloads.undo")}</button>
            </p>
        })}
        <Show when=move || state.plan.with(|p| p.workload_count() == 0)>
            <p class="hint" data-testid="no-workloads">{tr!("workloads.none")}</p>
        </Show>
        <AddWorkload form=form />
    }
}

/// A removed workload, for undo: what the note says, where its row was, and the plan before and
/// right after.
#[derive(Clone)]
struct Removal {
    text: String,
    position: usize,
    before: crate::state::Snapshot,
    after: crate::state::Snapshot,
}

/// The test id of the control that takes the focus after a workload's row is removed: the Remove
/// button of the row now at `position` in the list (jobs, then serving lines, experiments and API
/// lines; `left` is how many of each are left), else of the last row, else the list's heading.
fn removal_focus(position: usize, left: [usize; 4]) -> String {
    const REMOVE: [&str; 4] = [
        "remove-job",
        "remove-serve",
        "remove-work",
        "remove-api-use",
    ];
    let total: usize = left.iter().sum();
    if total == 0 {
        return "workloads-heading".to_string();
    }
    let mut at = position.min(total - 1);
    for (n, key) in left.into_iter().zip(REMOVE) {
        if at < n {
            return format!("{key}-{at}");
        }
        at -= n;
    }
    "workloads-heading".to_string()
}

/// What a job's row shows.
#[derive(Clone, Debug, PartialEq)]
struct JobRow {
    title: String,
    cost_usd: f64,
    gpu_hours: f64,
    start_day: u32,
    end_day: u32,
}

/// What a serving line's row shows.
#[derive(Clone, Debug, PartialEq)]
struct ServeRow {
    text: String,
    gpus: f64,
    monthly_usd: f64,
    /// The same tokens through the plan's API, a month, and that API's name.
    api_monthly_usd: f64,
    api_name: String,
}

pub(crate) fn accelerator_name(catalog: &runway_model::Catalog, id: &str) -> String {
    catalog
        .accelerator(id)
        .map_or_else(|| id.to_string(), |a| a.name_text().to_string())
}

pub(crate) fn provider_name(catalog: &runway_model::Catalog, id: &str) -> String {
    catalog
        .provider(id)
        .map_or_else(|| id.to_string(), |p| p.name.to_string())
}

fn describe(w: &ExtraWorkload, catalog: &runway_model::Catalog) -> String {
    let acc = accelerator_name(catalog, &w.accelerator_id);
    let provider = provider_name(catalog, &w.provider_id);
    let hours = compact(w.gpu_hours);
    let duty = percent(w.duty);
    match w.cost_usd(catalog) {
        Some(cost) => tr!(
            "workloads.experiments_cost",
            gpus = w.gpus,
            gpu = acc,
            provider = provider,
            hours = hours,
            day = w.start_day,
            duty = duty,
            cost = usd(cost)
        ),
        None => tr!(
            "workloads.experiments",
            gpus = w.gpus,
            gpu = acc,
            provider = provider,
            hours = hours,
            day = w.start_day,
            duty = duty
        ),
    }
}

/// The add form's fields (text as typed), and the serving line it is editing, if any.
#[derive(Clone, Copy)]
struct AddForm {
    kind: RwSignal<String>,
    provider: RwSignal<String>,
    accelerator: RwSignal<String>,
    params: RwSignal<String>,
    tokens: RwSignal<String>,
    epochs: RwSignal<String>,
    runs: RwSignal<String>,
    tokens_month: RwSignal<String>,
    months: RwSignal<String>,
    host: RwSignal<String>,
    precision: RwSignal<String>,
    gpus: RwSignal<String>,
    hours: RwSignal<String>,
    start: RwSignal<String>,
    duty: RwSignal<String>,
    error: RwSignal<Option<String>>,
    /// The serving line being edited (saving replaces it in place).
    edit_serve: RwSignal<Option<usize>>,
    /// The experiments row being edited (saving replaces it in place, keeping its price override).
    edit_work: RwSignal<Option<usize>>,
}

impl AddForm {
    /// The defaults: a LoRA job on Modal H100s, of no model yet (the base-model picker, or a typed
    /// size, says which): the form is where a job starts, not a ready-made one.
    fn new() -> Self {
        let text = |t: &str| RwSignal::new(t.to_string());
        AddForm {
            kind: text("lora"),
            provider: text("modal"),
            accelerator: text("h100-sxm"),
            params: text(""),
            tokens: text("20M"),
            epochs: text("3"),
            runs: text("1"),
            tokens_month: text("2B"),
            months: text("12"),
            host: text("on-demand"),
            precision: text("bf16"),
            gpus: text("8"),
            hours: text("2K"),
            start: text("0"),
            duty: text("25"),
            error: RwSignal::new(None),
            edit_serve: RwSignal::new(None),
            edit_work: RwSignal::new(None),
        }
    }

    /// Fills the form with experiments row `k` to edit it.
    fn edit_work(&self, k: usize, w: &ExtraWorkload) {
        use runway_model::Field;
        self.kind.set("experiments".into());
        self.provider.set(w.provider_id.clone());
        self.accelerator.set(w.accelerator_id.clone());
        self.gpus.set(Field::Gpus.display(f64::from(w.gpus)));
        self.hours.set(runway_model::typed_number_text(w.gpu_hours));
        self.start.set(w.start_day.to_string());
        self.duty.set(Field::Duty.display(w.duty));
        self.error.set(None);
        self.edit_serve.set(None);
        self.edit_work.set(Some(k));
    }

    /// The row being edited, if the form shows its kind: `("serve", j)` or `("experiments", k)`.
    fn editing(&self) -> Option<(&'static str, usize)> {
        match self.kind.get().as_str() {
            "serve" => self.edit_serve.get().map(|j| ("serve", j)),
            "experiments" => self.edit_work.get().map(|k| ("experiments", k)),
            _ => None,
        }
    }

    /// Fills the form with serving line `j` to edit it.
    fn edit_serve(&self, j: usize, v: &Serve) {
        self.kind.set("serve".into());
        self.provider.set(v.provider_id.clone());
        self.accelerator.set(v.accelerator_id.clone());
        self.params.set(
            runway_model::ParamCount {
                active: v.params,
                total: v.params_total,
            }
            // As the reader types it, so the model picker finds the line's model.
            .text(runway_model::Field::InferParams, true),
        );
        self.precision.set(v.precision.id().to_string());
        self.tokens_month
            .set(runway_model::typed_number_text(v.tokens_per_month));
        self.start.set(v.start_day.to_string());
        self.months.set(v.months.to_string());
        self.host.set(v.host.id().to_string());
        self.error.set(None);
        self.edit_work.set(None);
        self.edit_serve.set(Some(j));
    }
}

/// The form that adds a workload of any kind: a training job, a serving line or experiments, on a
/// provider and an accelerator it rents. The text is checked by the same rules as a link token, so
/// a bad value gets the token's message naming the field.
#[component]
fn AddWorkload(
    /// The form's fields.
    form: AddForm,
) -> impl IntoView {
    let state = use_app_state();
    let AddForm {
        kind,
        provider,
        accelerator,
        params,
        tokens,
        epochs,
        runs,
        tokens_month,
        months,
        host,
        precision,
        gpus,
        hours,
        start,
        duty,
        error,
        edit_serve,
        edit_work,
    } = form;
    let is = move |k: &'static str| move || kind.with(|x| x == k);
    // The base-model picker: a model fills the parameters box with its count ("8.03B", a
    // mixture's "37B/671B"); what the box holds picks the model back (an edited serving line, a
    // typed size), "other" when it is no catalog model's.
    let other = RwSignal::new(false);
    let count_text = move |m: &runway_model::BaseModel| {
        runway_model::ParamCount {
            active: m.active_params,
            total: (m.params != m.active_params).then_some(m.params),
        }
        .text(runway_model::Field::Params, true)
    };
    let base = move || {
        let typed = params.get();
        let typed = typed.trim();
        if typed.is_empty() && !other.get() {
            return String::new();
        }
        state
            .catalog
            .base_models
            .iter()
            .find(|m| count_text(m) == typed)
            .map_or_else(|| "other".to_string(), |m| m.id.to_string())
    };
    let bases = state
        .catalog
        .base_models
        .iter()
        .map(|m| {
            let id = m.id.to_string();
            view! { <option value=id>{tr!("workloads.base_option", name = m.name, params = count_text(m))}</option> }
        })
        .collect_view();
    let pick_base = move |ev| {
        let id = event_target_value(&ev);
        match state.catalog.base_model(&id) {
            Some(m) => {
                other.set(false);
                params.set(count_text(m));
            }
            None if id == "other" => {
                // The size is typed next: the keyboard goes to the box.
                other.set(true);
                focus_test_id("new-work-params".to_string());
            }
            None => {
                other.set(false);
                params.set(String::new());
            }
        }
    };
    let is_job = move || kind.with(|x| x != "serve" && x != "experiments" && x != "api");
    // The form's hosted API (an `api` line): the catalog's APIs, the cheapest first.
    let api = RwSignal::new("together-llama-70b".to_string());
    let api_options = {
        let mut apis: Vec<_> = state.catalog.apis.iter().collect();
        apis.sort_by(|a, b| {
            runway_model::mix_usd_per_mtok(a).total_cmp(&runway_model::mix_usd_per_mtok(b))
        });
        apis.into_iter()
            .map(|a| {
                let id = a.id.to_string();
                let price = runway_model::mix_usd_per_mtok(a);
                view! { <option value=id.clone() selected=id == "together-llama-70b">{tr!("workloads.api_option", name = a.name, price = runway_model::usd_as_published(price, 2))}</option> }
            })
            .collect_view()
    };
    let kinds = job_kinds()
        .map(|k| (k.id(), k.label().to_string()))
        .chain([
            ("serve", tr!("workloads.kind_serve")),
            ("experiments", tr!("workloads.kind_experiments")),
            ("api", tr!("workloads.kind_api")),
        ])
        .map(|(id, label)| view! { <option value=id selected=id == "lora">{label}</option> })
        .collect_view();
    let providers = state.catalog.hosting_providers().map(|p| view! { <option value=p.id.to_string() selected=p.id == "modal">{p.name.to_string()}</option> }).collect_view();
    let accelerators = move || {
        let p = provider.get();
        state
            .catalog
            .offers_by(&p)
            .map(|price| {
                let id = price.accelerator.to_string();
                let selected = accelerator.with_untracked(|a| *a == id);
                let label = state
                    .catalog
                    .accelerator(&id)
                    .map_or(id.clone(), |a| a.name_text().to_string());
                // `prop:selected`: an option inserted as selected becomes the select's choice; the
                // attribute would not, once the reader has used the select (the list is rebuilt
                // when the provider changes, and a kept accelerator must stay shown).
                view! { <option value=id prop:selected=selected>{label}</option> }
            })
            .collect_view()
    };
    let announcer = Announcer::get();
    let add = move |_| {
        let editing = edit_serve
            .get_untracked()
            .filter(|_| kind.with_untracked(|k| k == "serve"));
        let editing_work = edit_work
            .get_untracked()
            .filter(|_| kind.with_untracked(|k| k == "experiments"));
        let count = state.plan.with(|p| p.workload_count());
        if editing.is_none() && editing_work.is_none() && count >= MAX_WORKLOADS {
            error.set(Some(tr!("workloads.too_many", max = MAX_WORKLOADS)));
            return;
        }
        let (p, a) = (provider.get(), accelerator.get());
        let k = kind.get();
        // A job or a serving line needs its model: said before the token's own checks.
        if k != "experiments" && k != "api" && params.with_untracked(|t| t.trim().is_empty()) {
            error.set(Some(tr!("workloads.pick_model")));
            focus_test_id("new-work-base".to_string());
            return;
        }
        // The boxes fill the token's slots, each read by its field in the reader's language
        // (Portuguese "1,5B"), duty typed in percent: nothing is written into a token and read back.
        let text = |s: RwSignal<String>| s.get();
        let (p, a, k) = (p.as_str(), a.as_str(), k.as_str());
        // The first workload added to the untouched example replaces it (with an undo): it
        // takes the first place of its kind.
        let example = state.is_example.get_untracked();
        let count_of = |f: fn(&runway_model::Plan) -> usize| {
            if example {
                0
            } else {
                state.plan.with(f)
            }
        };
        let mut replaced = None;
        // The row a new workload gets: it takes the keyboard (and the screen scrolls to it), so a
        // second Enter never adds a duplicate (issue 47) and the founder sees what was added.
        let mut added_row = None;
        let result = match k {
            "serve" => {
                let (params, volume, start, months) =
                    (text(params), text(tokens_month), text(start), text(months));
                let (host, precision) = (host.get(), precision.get());
                let slots = [
                    params.as_str(),
                    volume.as_str(),
                    p,
                    a,
                    start.as_str(),
                    months.as_str(),
                    host.as_str(),
                    "",
                    precision.as_str(),
                ];
                let index =
                    editing.unwrap_or_else(|| count_of(|p| p.count::<runway_model::Serve>()));
                serve_from_slots(&slots, index, Origin::Typed, state.catalog).map(|v| {
                    if editing.is_none() {
                        replaced = state.take_example();
                        added_row = Some(format!("serve-{index}"));
                    }
                    announcer.say(match editing {
                        Some(j) => tr!("focus.serve_saved", n = j + 1, title = v.title()),
                        None => tr!("focus.serve_added", n = index + 1, title = v.title()),
                    });
                    state.plan.update(|p| {
                        let id = editing.and_then(|j| p.id_of::<runway_model::Serve>(j));
                        p.upsert(id, v);
                    });
                    edit_serve.set(None);
                })
            }
            "api" => {
                let (api_id, volume, start, months) =
                    (text(api), text(tokens_month), text(start), text(months));
                let slots = [
                    api_id.as_str(),
                    volume.as_str(),
                    start.as_str(),
                    months.as_str(),
                ];
                let index = count_of(|p| p.count::<runway_model::ApiUse>());
                runway_model::api_use_from_slots(&slots, index, Origin::Typed, state.catalog).map(
                    |a| {
                        replaced = state.take_example();
                        added_row = Some(format!("api-use-{index}"));
                        announcer.say(tr!(
                            "workloads.api_added",
                            n = index + 1,
                            title = a.title(state.catalog)
                        ));
                        state.plan.update(|p| {
                            p.push(a);
                        });
                    },
                )
            }
            "experiments" => {
                let (gpus, hours, start, duty) = (text(gpus), text(hours), text(start), text(duty));
                let slots = [
                    p,
                    a,
                    gpus.as_str(),
                    hours.as_str(),
                    start.as_str(),
                    duty.trim().trim_end_matches('%'),
                ];
                let index = editing_work
                    .unwrap_or_else(|| count_of(|p| p.count::<runway_model::ExtraWorkload>()));
                work_from_slots(&slots, index, Origin::Typed, state.catalog).map(|mut w| {
                    match editing_work {
                        Some(k) => {
                            state.plan.update(|p| {
                                if let Some(old) = p.nth_mut::<runway_model::ExtraWorkload>(k) {
                                    // The form has no price box: a row's override stays.
                                    w.price_override_usd_per_gpu_hour =
                                        old.price_override_usd_per_gpu_hour;
                                    *old = w;
                                }
                            });
                            announcer.say(tr!("focus.work_saved", n = k + 1));
                            edit_work.set(None);
                        }
                        None => {
                            replaced = state.take_example();
                            added_row = Some(format!("work-{index}"));
                            state.plan.update(|p| {
                                p.push(w);
                            });
                            announcer.say(tr!("focus.work_added", n = index + 1));
                        }
                    }
                })
            }
            _ => {
                let (params, tokens, gpus, start, epochs, runs) = (
                    text(params),
                    text(tokens),
                    text(gpus),
                    text(start),
                    text(epochs),
                    text(runs),
                );
                let slots = [
                    k,
                    params.as_str(),
                    tokens.as_str(),
                    p,
                    a,
                    gpus.as_str(),
                    start.as_str(),
                    epochs.as_str(),
                    runs.as_str(),
                ];
                let index = count_of(|p| p.count::<runway_model::Job>());
                job_from_slots(&slots, index, Origin::Typed, state.catalog).map(|j| {
                    replaced = state.take_example();
                    announcer.say(tr!("focus.job_added", n = index + 1, title = j.title()));
                    added_row = state.add_job(j).map(|i| format!("job-{i}"));
                })
            }
        };
        match result {
            Ok(()) => {
                error.set(None);
                if let Some(row) = added_row {
                    focus_test_id(row);
                }
                if let Some(before) = replaced {
                    let text = tr!("example.replaced");
                    announcer.say(format!("{text} {}", tr!("example.undo_hint")));
                    state.example_note.set(Some(crate::state::ExampleNote {
                        text,
                        at_form: true,
                        before,
                        after: state.snapshot(),
                    }));
                }
            }
            Err(e) => error.set(Some(e.message())),
        }
    };
    let input = |label: String, key: &'static str, field: Field, value: RwSignal<String>| {
        view! {
            <label class="grant-field"><span>{label}</span>
                <NumberBox field=field id=format!("new-work-{key}") text=value on_text=move |t| value.set(t) />
            </label>
        }
    };
    view! {
        <crate::widgets::section::SkipTo id="programs" label=tr!("focus.skip_to_programs") test_id="skip-to-programs" land_on="#program-search" />
        <h4 class="no-print add-heading">{tr!("workloads.add_heading")}</h4>
        <div class="grant-fields add-workload no-print" id="add-workload">
            <label class="grant-field"><span>{tr!("workloads.what")}</span>
                <select data-testid="new-work-type" prop:value=move || kind.get() on:change=move |ev| kind.set(event_target_value(&ev))>{kinds}</select>
            </label>
            <label class="grant-field" style:display=move || if is("api")() { "" } else { "none" }><span>{tr!("workloads.api")}</span>
                <select data-testid="new-work-api" prop:value=move || api.get() on:change=move |ev| api.set(event_target_value(&ev))>{api_options}</select>
            </label>
            <label class="grant-field" style:display=move || if is("experiments")() || is("api")() { "none" } else { "" }><span>{tr!("workloads.base_model")}</span>
                // The options first, then the value: a select takes `prop:value` only once
                // the option it names exists.
                <select data-testid="new-work-base" on:change=pick_base prop:value=base>
                    <option value="">{tr!("workloads.pick_base")}</option>
                    {bases}
                    <option value="other">{tr!("workloads.other_size")}</option>
                </select>
            </label>
            <label class="grant-field" style:display=move || if is("api")() { "none" } else { "" }><span>{tr!("workloads.provider")}</span>
                <select data-testid="new-work-provider" prop:value=move || provider.get() on:change=move |ev| {
                    let p = event_target_value(&ev);
                    // Keep the accelerator when the new provider rents it.
                    let keeps = accelerator.with_untracked(|a| state.catalog.price(&p, a).is_some());
                    if !keeps {
                        if let Some(first) = state.catalog.offers_by(&p).next() {
                            accelerator.set(first.accelerator.to_string());
                        }
                    }
                    provider.set(p);
                }>{providers}</select>
            </label>
            <label class="grant-field" style:display=move || if is("api")() { "none" } else { "" }><span>{tr!("workloads.accelerator")}</span>
                <select data-testid="new-work-gpu" prop:value=move || accelerator.get() on:change=move |ev| accelerator.set(event_target_value(&ev))>{accelerators}</select>
            </label>
            <Show when=move || !is("experiments")() && !is("api")()>
                <label class="grant-field"><span>{tr!("workloads.params")}</span>
                    <NumberBox field=Field::Params id="new-work-params".to_string() placeholder=tr!("workloads.params_placeholder") text=params on_text=move |t| params.set(t) />
                </label>
            </Show>
            <Show when=is_job>
                {input(tr!("workloads.tokens"), "tokens", Field::Tokens, tokens)}
                {input(tr!("workloads.epochs"), "epochs", Field::Epochs, epochs)}
                {input(tr!("workloads.runs"), "runs", Field::Runs, runs)}
            </Show>
            <Show when=move || !is("serve")() && !is("api")()>{input("GPUs".to_string(), "gpus", Field::Gpus, gpus)}</Show>
            <Show when=is("api")>
                {input(tr!("workloads.tokens_month"), "tokens_month", Field::TokensMonth, tokens_month)}
                {input(tr!("workloads.months"), "months", Field::ServeMonths, months)}
            </Show>
            <Show when=is("serve")>
                {input(tr!("workloads.tokens_month"), "tokens_month", Field::TokensMonth, tokens_month)}
                {input(tr!("workloads.months"), "months", Field::ServeMonths, months)}
                <label class="grant-field"><span>{tr!("workloads.billed")}</span>
                    <select data-testid="new-work-host" prop:value=move || host.get() on:change=move |ev| host.set(event_target_value(&ev))>
                        <option value="on-demand" selected=true>{tr!("workloads.on_demand")}</option>
                        <option value="reserved">{tr!("workloads.reserved")}</option>
                        <option value="spot">"spot"</option>
                    </select>
                </label>
                <label class="grant-field"><span>{tr!("workloads.precision")}</span>
                    <select data-testid="new-work-precision" prop:value=move || precision.get() on:change=move |ev| precision.set(event_target_value(&ev))>
                        <option value="bf16" selected=true>"bf16"</option>
                        // FP8 only on accelerators with a dense FP8 peak in the catalog.
                        <option value="fp8" disabled=move || state.catalog.accelerator(&accelerator.get()).is_none_or(|a| a.dense_fp8_tflops.is_none())>{tr!("workloads.fp8")}</option>
                    </select>
                </label>
            </Show>
            <Show when=is("experiments")>
                {input(tr!("workloads.hours"), "hours", Field::WorkGpuHours, hours)}
                {input(tr!("workloads.duty"), "duty", Field::Duty, duty)}
            </Show>
            {input(tr!("workloads.from_day"), "start", Field::Start, start)}
            <button type="button" data-testid="add-workload" on:click=add>
                {move || match form.editing() {
                    Some(("serve", j)) => tr!("workloads.save_serve", n = j + 1),
                    Some((_, k)) => tr!("workloads.save_work", n = k + 1),
                    None => tr!("workloads.add"),
                }}
            </button>
            <Show when=move || edit_serve.with(Option::is_some)>
                <button type="button" class="link-button" data-testid="cancel-edit-serve" on:click=move |_| {
                    // This button goes with the edit: back to the line's own Edit button.
                    if let Some(j) = edit_serve.get_untracked() {
                        announcer.say(tr!("focus.serve_edit_cancelled", n = j + 1));
                        focus_test_id(format!("edit-serve-{j}"));
                    }
                    edit_serve.set(None);
                }>{tr!("workloads.cancel_edit")}</button>
            </Show>
            <Show when=move || edit_work.with(Option::is_some)>
                <button type="button" class="link-button" data-testid="cancel-edit-work" on:click=move |_| {
                    if let Some(k) = edit_work.get_untracked() {
                        announcer.say(tr!("focus.work_edit_cancelled", n = k + 1));
                        focus_test_id(format!("edit-work-{k}"));
                    }
                    edit_work.set(None);
                }>{tr!("workloads.cancel_edit")}</button>
            </Show>
        </div>
        {move || error.get().map(|m| view! { <p class="field-error" role="alert" data-testid="error-work-new">{m}</p> })}
        <crate::sections::example::ExampleUndo state=state at_form=true />
    }
}

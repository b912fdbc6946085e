//! Compiles the catalog data files (data/*.json) into static Rust data, so the WebAssembly bundle
//! carries neither the JSON text nor a JSON parser. The JSON files stay the single source of truth:
//! a catalog update is a data diff. Shape errors fail the build with the file, entry and field.
//! A descriptive text shown on the page (`covers`, `billing`, a network's `name`, …) has its
//! Brazilian Portuguese sibling `<field>_pt` next to it; `Catalog::validate` checks the pairs.

use serde_json::Value;
use std::fmt::Write as _;
use std::{env, fs, path::Path};

#[derive(Clone, Copy)]
enum Kind {
    Str,
    OptStr,
    /// A string that may be absent in the file, stored as "" when it is.
    OptStrAsEmpty,
    F64,
    OptF64,
    U32,
    /// A whole number that may be null or absent (`None`).
    OptU32,
    Bool,
    StrList,
    /// A list of whole numbers (`[1, 2, 4, 8]`), stored as a borrowed `u32` slice.
    U32List,
    /// A credit program's scope: "all", "gpu", "silicon" or "platform".
    Scope,
    /// A provider's monthly internet-egress price tiers, `[{"up_to_gb": 10240, "usd_per_gb":
    /// 0.09}, …, {"up_to_gb": null, "usd_per_gb": 0.05}]`, stored as a borrowed `EgressTier`
    /// slice; absent means no tiers (one flat price).
    EgressTiers,
}

struct Table {
    file: &'static str,
    key: &'static str,
    ty: &'static str,
    konst: &'static str,
    fields: &'static [(&'static str, Kind)],
}

const TABLES: &[Table] = &[
    Table {
        file: "accelerators.json",
        key: "accelerators",
        ty: "Accelerator",
        konst: "ACCELERATORS",
        fields: &[
            ("id", Kind::Str),
            ("name", Kind::Str),
            ("name_pt", Kind::OptStrAsEmpty),
            ("vendor", Kind::Str),
            ("cuda", Kind::Bool),
            ("silicon_of", Kind::OptStr),
            ("dense_bf16_tflops", Kind::F64),
            ("dense_fp8_tflops", Kind::OptF64),
            ("fp8_source", Kind::OptStrAsEmpty),
            ("memory_gb", Kind::F64),
            ("bandwidth_tb_s", Kind::F64),
            ("intra_node_gb_s", Kind::F64),
            ("intra_node_source", Kind::Str),
            ("intra_node_source_pt", Kind::Str),
            ("source", Kind::Str),
            ("source_pt", Kind::Str),
            ("as_of", Kind::Str),
        ],
    },
    Table {
        file: "providers.json",
        key: "providers",
        ty: "Provider",
        konst: "PROVIDERS",
        fields: &[
            ("id", Kind::Str),
            ("name", Kind::Str),
            ("kind", Kind::Str),
            ("billing", Kind::Str),
            ("billing_pt", Kind::Str),
            ("storage_usd_per_gb_month", Kind::F64),
            ("egress_usd_per_gb", Kind::F64),
            ("storage_free_gb", Kind::OptF64),
            ("egress_free_gb_month", Kind::OptF64),
            ("egress_tiers", Kind::EgressTiers),
            ("networks", Kind::StrList),
            ("storage_egress_source", Kind::Str),
            ("storage_egress_source_pt", Kind::Str),
            ("spot_discount", Kind::OptF64),
            ("spot_mtbf_gpu_hours", Kind::OptF64),
            ("spot_capacity_gpus", Kind::OptF64),
            ("spot_wait_minutes", Kind::OptF64),
            ("spot_source", Kind::Str),
            ("spot_source_pt", Kind::Str),
            ("preemption_mtbf_gpu_hours", Kind::OptF64),
            ("preemption_source", Kind::OptStrAsEmpty),
            ("preemption_source_pt", Kind::OptStrAsEmpty),
            ("reserved_discount", Kind::OptF64),
            ("reserved_source", Kind::Str),
            ("source", Kind::Str),
            ("as_of", Kind::Str),
        ],
    },
    Table {
        file: "networks.json",
        key: "networks",
        ty: "Network",
        konst: "NETWORKS",
        fields: &[
            ("id", Kind::Str),
            ("name", Kind::Str),
            ("name_pt", Kind::Str),
            ("gb_per_s", Kind::F64),
            ("per_node", Kind::Bool),
            ("source", Kind::Str),
            ("source_pt", Kind::Str),
            ("as_of", Kind::Str),
        ],
    },
    Table {
        file: "instances.json",
        key: "instances",
        ty: "Instance",
        konst: "INSTANCES",
        fields: &[
            ("provider", Kind::Str),
            ("accelerator", Kind::Str),
            ("instance", Kind::Str),
            ("gpus_per_instance", Kind::U32),
            ("networks", Kind::StrList),
            ("rent_sizes", Kind::U32List),
            ("rent_sizes_source", Kind::Str),
            ("rent_sizes_source_pt", Kind::Str),
            ("max_gpus", Kind::OptU32),
            ("slice_gpus", Kind::OptU32),
            ("between_slices_network", Kind::OptStr),
            ("capacity_note", Kind::OptStrAsEmpty),
            ("capacity_note_pt", Kind::OptStrAsEmpty),
            ("source", Kind::Str),
            ("source_pt", Kind::Str),
            ("as_of", Kind::Str),
        ],
    },
    Table {
        file: "base_models.json",
        key: "models",
        ty: "BaseModel",
        konst: "BASE_MODELS",
        fields: &[
            ("id", Kind::Str),
            ("name", Kind::Str),
            ("params", Kind::F64),
            ("active_params", Kind::F64),
            ("layers", Kind::F64),
            ("kv_heads", Kind::F64),
            ("head_dim", Kind::F64),
            ("hidden", Kind::F64),
            ("q_dim", Kind::F64),
            ("attention_heads", Kind::F64),
            ("intermediate", Kind::F64),
            ("experts", Kind::F64),
            ("routed_experts", Kind::F64),
            ("experts_per_token", Kind::F64),
            ("moe_layers", Kind::F64),
            ("max_nodes_per_token", Kind::F64),
            ("arch_source", Kind::Str),
            ("source", Kind::Str),
            ("as_of", Kind::Str),
        ],
    },
    Table {
        file: "currencies.json",
        key: "currencies",
        ty: "CurrencyRate",
        konst: "CURRENCY_RATES",
        fields: &[
            ("code", Kind::Str),
            ("per_eur", Kind::F64),
            ("usd_per_eur", Kind::F64),
            ("source", Kind::Str),
            ("source_pt", Kind::Str),
            ("as_of", Kind::Str),
        ],
    },
    Table {
        file: "api_prices.json",
        key: "apis",
        ty: "ApiPrice",
        konst: "API_PRICES",
        fields: &[
            ("id", Kind::Str),
            ("name", Kind::Str),
            ("input_usd_per_mtok", Kind::F64),
            ("output_usd_per_mtok", Kind::F64),
            ("batch_input_usd_per_mtok", Kind::OptF64),
            ("batch_output_usd_per_mtok", Kind::OptF64),
            ("provider", Kind::Str),
            ("base_model", Kind::OptStr),
            ("source", Kind::Str),
            ("as_of", Kind::Str),
        ],
    },
    Table {
        file: "prices.json",
        key: "prices",
        ty: "Price",
        konst: "PRICES",
        fields: &[
            ("provider", Kind::Str),
            ("accelerator", Kind::Str),
            ("usd_per_gpu_hour", Kind::F64),
            ("source", Kind::Str),
            ("source_pt", Kind::Str),
            ("as_of", Kind::Str),
            ("note", Kind::OptStrAsEmpty),
            ("note_pt", Kind::OptStrAsEmpty),
            ("delisted", Kind::OptStrAsEmpty),
            ("delisted_source", Kind::OptStrAsEmpty),
        ],
    },
    Table {
        file: "programs.json",
        key: "shapes",
        ty: "WorkloadShape",
        konst: "SHAPES",
        fields: &[
            ("id", Kind::Str),
            ("name", Kind::Str),
            ("right_shape", Kind::Str),
            ("watch_out", Kind::Str),
        ],
    },
    Table {
        file: "programs.json",
        key: "programs",
        ty: "Program",
        konst: "PROGRAMS",
        fields: &[
            ("id", Kind::Str),
            ("name", Kind::Str),
            ("name_pt", Kind::OptStrAsEmpty),
            ("provider", Kind::Str),
            ("scope", Kind::Scope),
            ("ceiling_usd", Kind::F64),
            ("ceiling_source", Kind::Str),
            ("ceiling_source_pt", Kind::Str),
            ("expected_usd", Kind::F64),
            ("expected_source", Kind::Str),
            ("expected_source_pt", Kind::Str),
            ("tiers", Kind::OptStrAsEmpty),
            ("tiers_pt", Kind::OptStrAsEmpty),
            ("covers", Kind::Str),
            ("covers_pt", Kind::Str),
            ("review_days_min", Kind::U32),
            ("review_days_typical", Kind::U32),
            ("review_days_max", Kind::U32),
            ("validity_days", Kind::U32),
            ("validity_source", Kind::Str),
            ("validity_source_pt", Kind::Str),
            ("stage", Kind::Str),
            ("stage_pt", Kind::Str),
            ("needs_backing", Kind::Bool),
            ("leaves_cuda", Kind::Bool),
            ("porting_weeks", Kind::F64),
            ("fits", Kind::StrList),
            ("fits_reason", Kind::Str),
            ("fits_reason_pt", Kind::Str),
            ("source", Kind::Str),
            ("source_pt", Kind::Str),
            ("as_of", Kind::Str),
            ("approval_chance", Kind::F64),
            ("approval_source", Kind::Str),
            ("approval_source_pt", Kind::Str),
            ("family", Kind::OptStrAsEmpty),
        ],
    },
];

fn main() {
    // rust-i18n reads locales/*.yml inside its macro, which cargo does not watch by itself.
    println!("cargo:rerun-if-changed=locales");
    let data_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
    let mut out = String::from("// Generated by build.rs from data/*.json. Do not edit.\n");
    for table in TABLES {
        let path = data_dir.join(table.file);
        println!("cargo:rerun-if-changed={}", path.display());
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let doc: Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", table.file));
        let entries = doc
            .get(table.key)
            .and_then(Value::as_array)
            .unwrap_or_else(|| panic!("{}: no \"{}\" array", table.file, table.key));
        let _ = writeln!(
            out,
            "pub(crate) static {}: &[{}] = &[",
            table.konst, table.ty
        );
        for (i, entry) in entries.iter().enumerate() {
            let _ = write!(out, "    {} {{", table.ty);
            for (name, kind) in table.fields {
                let v = entry.get(name);
                let bad = || -> ! {
                    panic!(
                        "{} entry {i}: field \"{name}\" missing or of the wrong type: {v:?}",
                        table.file
                    )
                };
                let lit = match (kind, v) {
                    (Kind::Str, Some(Value::String(s))) => format!("Cow::Borrowed({s:?})"),
                    (Kind::OptStr, Some(Value::String(s))) => format!("Some(Cow::Borrowed({s:?}))"),
                    (Kind::OptStr, Some(Value::Null) | None) => "None".into(),
                    (Kind::OptStrAsEmpty, Some(Value::String(s))) => {
                        format!("Cow::Borrowed({s:?})")
                    }
                    (Kind::OptStrAsEmpty, None) => "Cow::Borrowed(\"\")".into(),
                    (Kind::F64, Some(Value::Number(n))) => {
                        format!("{:?}", n.as_f64().unwrap_or_else(|| bad()))
                    }
                    (Kind::Bool, Some(Value::Bool(b))) => b.to_string(),
                    (Kind::OptF64, Some(Value::Null) | None) => "None".into(),
                    (Kind::OptF64, Some(Value::Number(n))) => {
                        format!("Some({:?})", n.as_f64().unwrap_or_else(|| bad()))
                    }
                    (Kind::U32, Some(Value::Number(n))) => {
                        let v = n
                            .as_u64()
                            .filter(|v| *v <= u64::from(u32::MAX))
                            .unwrap_or_else(|| bad());
                        format!("{v}")
                    }
                    (Kind::OptU32, Some(Value::Null) | None) => "None".into(),
                    (Kind::OptU32, Some(Value::Number(n))) => {
                        let v = n
                            .as_u64()
                            .filter(|v| *v <= u64::from(u32::MAX))
                            .unwrap_or_else(|| bad());
                        format!("Some({v})")
                    }
                    (Kind::StrList, Some(Value::Array(items))) => {
                        let parts: Vec<String> = items
                            .iter()
                            .map(|x| {
                                x.as_str()
                                    .map(|s| format!("Cow::Borrowed({s:?})"))
                                    .unwrap_or_else(|| bad())
                            })
                            .collect();
                        format!("Cow::Borrowed(&[{}])", parts.join(", "))
                    }
                    (Kind::U32List, Some(Value::Array(items))) => {
                        let parts: Vec<String> = items
                            .iter()
                            .map(|x| {
                                x.as_u64()
                                    .filter(|v| *v <= u64::from(u32::MAX))
                                    .map(|v| v.to_string())
                                    .unwrap_or_else(|| bad())
                            })
                            .collect();
                        format!("Cow::Borrowed(&[{}])", parts.join(", "))
                    }
                    (Kind::EgressTiers, None) => "Cow::Borrowed(&[])".into(),
                    (Kind::EgressTiers, Some(Value::Array(items))) => {
                        let parts: Vec<String> = items
                            .iter()
                            .map(|t| {
                                let up_to = match t.get("up_to_gb") {
                                    Some(Value::Number(n)) => {
                                        format!("Some({:?})", n.as_f64().unwrap_or_else(|| bad()))
                                    }
                                    Some(Value::Null) | None => "None".into(),
                                    _ => bad(),
                                };
                                let price = t
                                    .get("usd_per_gb")
                                    .and_then(Value::as_f64)
                                    .unwrap_or_else(|| bad());
                                format!(
                                    "super::EgressTier {{ up_to_gb: {up_to}, usd_per_gb: {price:?} }}"
                                )
                            })
                            .collect();
                        format!("Cow::Borrowed(&[{}])", parts.join(", "))
                    }
                    (Kind::Scope, Some(Value::String(s))) => match s.as_str() {
                        "all" => "Scope::All".into(),
                        "gpu" => "Scope::Gpu".into(),
                        "silicon" => "Scope::Silicon".into(),
                        "platform" => "Scope::Platform".into(),
                        _ => bad(),
                    },
                    _ => bad(),
                };
                let _ = write!(out, " {name}: {lit},");
            }
            out.push_str(" },\n");
        }
        out.push_str("];\n");
    }
    let dest =
        Path::new(&env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join("catalog_data.rs");
    fs::write(&dest, out).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
}

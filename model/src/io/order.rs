//! Ordered insertion for the handful of short lists the page keeps sorted (offers per accelerator,
//! chart points, error messages). Each `sort_by` call site instantiates the standard library's whole
//! driftsort/quicksort machinery in the WebAssembly bundle (about 26 KB for four call sites,
//! measured with bench/wasm-sizes.py); a binary-search insertion is a few hundred bytes.

/// Inserts `item` after every element whose key is less than or equal to its key, so equal keys keep
/// their insertion order (a stable sort when used for every element). `key` must not return NaN.
pub fn insert_by_key<T>(v: &mut Vec<T>, item: T, key: impl Fn(&T) -> f64) {
    let k = key(&item);
    let at = v.partition_point(|x| key(x) <= k);
    v.insert(at, item);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inserts_in_order_and_keeps_ties_in_arrival_order() {
        let mut v = Vec::new();
        for item in [(3.0, 'a'), (1.0, 'b'), (3.0, 'c'), (2.0, 'd'), (1.0, 'e')] {
            insert_by_key(&mut v, item, |x| x.0);
        }
        assert_eq!(
            v,
            [(1.0, 'b'), (1.0, 'e'), (2.0, 'd'), (3.0, 'a'), (3.0, 'c')]
        );
    }
}

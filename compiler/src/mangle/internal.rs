//! nvcc's file-specific names for internal-linkage entities.
//!
//! nvcc nests `static` device functions and the functions and variables of anonymous
//! namespaces in an outer component `_INTERNAL<suffix>`, and names anonymous namespaces
//! `_GLOBAL__N_<suffix>` (kernels in them too, without the `_INTERNAL` component), where
//! the suffix is `_<crc>_<len>_<file>_<id>`:
//!
//! - `<crc>`: the CRC-32 (IEEE) of the source file's path, 8 lowercase hex digits (nvcc
//!   hashes the absolute path; oxicc hashes the name it is given, so the names agree when
//!   that name is absolute, as in the test suites);
//! - `<len>_<file>`: the length of the file's base name and the base name with every
//!   character other than a letter or digit replaced by `_` (`13_my_file_v2_cu`);
//! - `<id>`: the mangled name of the file's first definition of a non-inline, non-template
//!   function with external linkage (host functions count; variables, prototypes, inline
//!   functions and template instances do not), itself when at most 8 characters long, else
//!   its CRC-32 in hex. Without such a function nvcc uses a per-process number; oxicc uses
//!   the CRC-32 of the path again.
//!
//! Example: `static int st(int)` in `/tmp/mg/s.cu` whose first external function is
//! `_Z2k2Pi` is `_ZN33_INTERNAL_3280ec25_4_s_cu__Z2k2Pi2stEi`.
//!
//! The suffix depends on a function that may be defined after the internal entity, so the
//! mangler writes one-character placeholders for the two components and the lowering
//! replaces them with [`finish_internal_names`] when the whole file has been seen.

/// Placeholder of the `_INTERNAL<suffix>` component in a mangled name.
pub const INTERNAL_PLACEHOLDER: char = '\u{1}';
/// Placeholder of the `_GLOBAL__N_<suffix>` component (an anonymous namespace).
pub const ANONYMOUS_NAMESPACE_PLACEHOLDER: char = '\u{2}';

/// CRC-32 (IEEE 802.3, reflected, as zlib computes it).
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &b in bytes {
        crc ^= b as u32;
        for _ in 0..8 {
            let mask = (crc & 1).wrapping_neg();
            crc = (crc >> 1) ^ (0xEDB8_8320 & mask);
        }
    }
    !crc
}

/// The suffix `_<crc>_<len>_<file>_<id>` for the file at `path` whose first external
/// function definition is named `first_external` (see the module documentation).
pub fn internal_suffix(path: &str, first_external: Option<&str>) -> String {
    let base = path.rsplit(['/', '\\']).next().unwrap_or(path);
    let sanitized: String = base
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let crc = crc32(path.as_bytes());
    let id = match first_external {
        Some(name) if name.len() <= 8 => name.to_string(),
        Some(name) => format!("{:08x}", crc32(name.as_bytes())),
        None => format!("{crc:08x}"),
    };
    format!("_{crc:08x}_{}_{sanitized}_{id}", base.len())
}

/// True when `name` holds a placeholder that [`finish_internal_names`] must replace.
pub fn has_internal_placeholder(name: &str) -> bool {
    name.contains([INTERNAL_PLACEHOLDER, ANONYMOUS_NAMESPACE_PLACEHOLDER])
}

/// `name` with its placeholders replaced by the length-prefixed components for `suffix`.
pub fn finish_internal_names(name: &str, suffix: &str) -> String {
    let internal = format!("_INTERNAL{suffix}");
    let anonymous = format!("_GLOBAL__N_{suffix}");
    let mut out = String::with_capacity(name.len() + 2 * internal.len());
    for c in name.chars() {
        match c {
            INTERNAL_PLACEHOLDER => {
                out.push_str(&internal.len().to_string());
                out.push_str(&internal);
            }
            ANONYMOUS_NAMESPACE_PLACEHOLDER => {
                out.push_str(&anonymous.len().to_string());
                out.push_str(&anonymous);
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_is_zlibs() {
        // zlib.crc32(b"123456789") is the standard check value.
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
    }

    #[test]
    fn suffixes_match_nvcc() {
        // Names nvcc 13 gave `static int st(int)` in these files (see docs/mangling.md).
        assert_eq!(
            internal_suffix("/tmp/mg/s.cu", Some("_Z2k2Pi")),
            "_3280ec25_4_s_cu__Z2k2Pi"
        );
        assert_eq!(
            internal_suffix("/tmp/mg/ih/v3.cu", Some("_Z4abcdPi")),
            "_ae6c3c0a_5_v3_cu_1beab32d"
        );
        let name = finish_internal_names("_ZN\u{1}\u{2}2anEi", "_99b2cc38_5_v6_cu__Z2zzPi");
        assert_eq!(
            name,
            "_ZN34_INTERNAL_99b2cc38_5_v6_cu__Z2zzPi36_GLOBAL__N__99b2cc38_5_v6_cu__Z2zzPi2anEi"
        );
    }
}

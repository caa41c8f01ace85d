//! The built-in headers, lexed once per process.
//!
//! Every compile force-includes `cuda_runtime.h`, which pulls in ~30 KB of built-in
//! headers; lexing them was about half of the preprocessing time of a small kernel. The
//! first compile lexes every built-in header into a template interner; later compiles that
//! start with a fresh interner (keywords only) start from a clone of the template instead,
//! so the cached tokens' symbols are valid for them, and a built-in header's tokens are
//! copied (with the compile's own `FileId`) instead of lexed.

//!
//! Lexing all of them (~470 KB) pays off over many compiles in one process (the library,
//! the test suites) but not for one: the `oxicc` command compiles one file per process and
//! needs a fraction of them (~90 KB for a kernel with no includes), so it turns the cache
//! off ([`use_header_cache`]) and lexes what it includes.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

static ENABLED: AtomicBool = AtomicBool::new(true);

/// Whether the compiles of this process start from the lexed built-in headers (the
/// default) or lex the ones they include (a process that compiles once).
pub fn use_header_cache(on: bool) {
    ENABLED.store(on, Ordering::Relaxed);
}

use super::builtin_headers::{builtin_header, BUILTIN_HEADER_NAMES};
use crate::intern::{Interner, KEYWORDS};
use crate::lex::{lex_file, Token};
use crate::source::FileId;

struct HeaderCache {
    /// Keywords, then every symbol of the built-in headers.
    interner: Interner,
    /// The tokens of `BUILTIN_HEADER_NAMES[i]` (spans in `FileId(0)`, to be replaced).
    tokens: Vec<Vec<Token>>,
}

fn cache() -> &'static HeaderCache {
    static CACHE: OnceLock<HeaderCache> = OnceLock::new();
    CACHE.get_or_init(|| {
        let mut interner = Interner::new();
        let tokens = BUILTIN_HEADER_NAMES
            .iter()
            .map(|name| {
                let text = builtin_header(name).unwrap_or("");
                lex_file(FileId(0), text, &mut interner)
            })
            .collect();
        HeaderCache { interner, tokens }
    })
}

/// Whether [`use_header_cache`] left the cache on.
pub(super) fn enabled() -> bool {
    ENABLED.load(Ordering::Relaxed)
}

/// Replaces a fresh interner (keywords only, as `Interner::new` makes it) by a clone of the
/// template; returns whether it did (then `cached_tokens` may be used with it).
pub(super) fn adopt_template(interner: &mut Interner) -> bool {
    if interner.len() != KEYWORDS.len() || !enabled() {
        return false;
    }
    *interner = cache().interner.clone();
    true
}

/// The tokens of built-in header `name` for file `file`, if it is one.
pub(super) fn cached_tokens(name: &str, file: FileId) -> Option<Vec<Token>> {
    let i = BUILTIN_HEADER_NAMES.binary_search(&name).ok()?;
    let mut toks = cache().tokens.get(i)?.clone();
    for t in &mut toks {
        t.span.file = file;
    }
    Some(toks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cached_tokens_equal_a_fresh_lex_with_the_template_interner() {
        let mut fresh = Interner::new();
        assert!(adopt_template(&mut fresh));
        for name in BUILTIN_HEADER_NAMES {
            let mut i = fresh.clone();
            let lexed = lex_file(FileId(3), builtin_header(name).unwrap(), &mut i);
            assert_eq!(i.len(), fresh.len(), "{name}: no new symbols");
            let cached = cached_tokens(name, FileId(3)).unwrap();
            assert_eq!(format!("{lexed:?}"), format!("{cached:?}"), "{name}");
        }
        // A used interner is left alone.
        let mut used = Interner::new();
        used.intern("something");
        assert!(!adopt_template(&mut used));
    }
}

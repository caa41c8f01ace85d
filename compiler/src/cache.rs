//! The compile cache of [`crate::Program::compile_cached`]: in memory, on disk, or both.
//!
//! Keys are 128-bit FNV-1a hashes of everything a compile reads from its caller (source,
//! name, headers, name expressions, options, compiler build). Files the preprocessor read
//! from disk are not in the key — they are not known before compiling — so each entry
//! records them with a hash of their contents and a hit whose files changed is a miss.
//!
//! Only clean compiles (PTX and no diagnostics) are kept, so an entry is the PTX, the
//! lowered names and the file list. On disk each entry is one file `<key>.oxc` in the
//! cache directory, written to a temporary name and renamed, so concurrent processes never
//! read half an entry; an entry that does not parse is a miss.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::program::Compiled;

/// 128-bit FNV-1a (the offset basis and prime of the FNV specification).
pub struct Fnv128(u128);

impl Fnv128 {
    const OFFSET: u128 = 0x6c62272e07bb014262b821756295c58d;
    const PRIME: u128 = 0x0000000001000000000000000000013B;

    pub fn new() -> Fnv128 {
        Fnv128(Self::OFFSET)
    }

    pub fn bytes(&mut self, b: &[u8]) {
        for &x in b {
            self.0 ^= x as u128;
            self.0 = self.0.wrapping_mul(Self::PRIME);
        }
    }

    pub fn count(&mut self, n: usize) {
        self.bytes(&(n as u64).to_le_bytes());
    }

    /// A length-prefixed field.
    pub fn field(&mut self, b: &[u8]) {
        self.count(b.len());
        self.bytes(b);
    }

    pub fn finish(&self) -> u128 {
        self.0
    }
}

impl Default for Fnv128 {
    fn default() -> Self {
        Self::new()
    }
}

fn content_hash(bytes: &[u8]) -> u128 {
    let mut h = Fnv128::new();
    h.bytes(bytes);
    h.finish()
}

/// An entry: the compile and the content hashes of its opened files.
type Entry = (Arc<Compiled>, Vec<u128>);

/// A compile cache. `Cache::default()` keeps nothing.
#[derive(Debug, Default)]
pub struct Cache {
    memory: Option<Mutex<HashMap<u128, Entry>>>,
    dir: Option<PathBuf>,
}

impl Cache {
    /// A cache in this process's memory.
    pub fn in_memory() -> Cache {
        Cache {
            memory: Some(Mutex::new(HashMap::new())),
            dir: None,
        }
    }

    /// A cache in directory `dir` (created when first written), shared by processes.
    pub fn on_disk(dir: impl Into<PathBuf>) -> Cache {
        Cache {
            memory: None,
            dir: Some(dir.into()),
        }
    }

    /// Both: memory first, then the directory.
    pub fn in_memory_and_on_disk(dir: impl Into<PathBuf>) -> Cache {
        Cache {
            memory: Some(Mutex::new(HashMap::new())),
            dir: Some(dir.into()),
        }
    }

    pub(crate) fn get(&self, key: u128) -> Option<Arc<Compiled>> {
        if let Some(m) = &self.memory {
            let found = m.lock().ok()?.get(&key).cloned();
            if let Some((c, hashes)) = found {
                if files_unchanged(&c.opened_files, &hashes) {
                    return Some(c);
                }
            }
        }
        let dir = self.dir.as_ref()?;
        let text = std::fs::read_to_string(entry_path(dir, key)).ok()?;
        let (c, hashes) = decode(&text)?;
        if !files_unchanged(&c.opened_files, &hashes) {
            return None;
        }
        let c = Arc::new(c);
        if let Some(m) = &self.memory {
            if let Ok(mut m) = m.lock() {
                m.insert(key, (c.clone(), hashes));
            }
        }
        Some(c)
    }

    pub(crate) fn put(&self, key: u128, c: &Arc<Compiled>) {
        if c.ptx.is_none() || !c.diagnostics.is_empty() {
            return;
        }
        let Some(hashes) = c
            .opened_files
            .iter()
            .map(|p| std::fs::read(p).ok().map(|b| content_hash(&b)))
            .collect::<Option<Vec<u128>>>()
        else {
            return;
        };
        if let Some(dir) = &self.dir {
            // A cache that cannot be written is only slower: errors are ignored.
            let _ = write_entry(dir, key, &encode(c, &hashes));
        }
        if let Some(m) = &self.memory {
            if let Ok(mut m) = m.lock() {
                m.insert(key, (c.clone(), hashes));
            }
        }
    }
}

fn files_unchanged(files: &[PathBuf], hashes: &[u128]) -> bool {
    files.len() == hashes.len()
        && files
            .iter()
            .zip(hashes)
            .all(|(p, &h)| std::fs::read(p).is_ok_and(|b| content_hash(&b) == h))
}

fn entry_path(dir: &Path, key: u128) -> PathBuf {
    dir.join(format!("{key:032x}.oxc"))
}

fn write_entry(dir: &Path, key: u128, text: &str) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let tmp = dir.join(format!(
        "{key:032x}.{}.{:?}.tmp",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, entry_path(dir, key))
}

/// The entry format: a header line, one line per name expression (`expr` TAB `name`), one
/// per file (`hash` TAB `path`), then the log and the PTX, each preceded by its length.
/// Expressions, names and paths are escaped (`\\`, `\t`, `\n`).
fn encode(c: &Compiled, hashes: &[u128]) -> String {
    let esc = |s: &str| {
        s.replace('\\', "\\\\")
            .replace('\t', "\\t")
            .replace('\n', "\\n")
    };
    let mut s = format!(
        "oxicc-cache 1\n{} {}\n",
        c.lowered_names.len(),
        c.opened_files.len()
    );
    for (e, n) in &c.lowered_names {
        s.push_str(&format!(
            "{}\t{}\n",
            esc(e),
            esc(n.as_deref().unwrap_or(""))
        ));
    }
    for (p, h) in c.opened_files.iter().zip(hashes) {
        s.push_str(&format!("{h:032x}\t{}\n", esc(&p.to_string_lossy())));
    }
    let ptx = c.ptx.as_deref().unwrap_or("");
    s.push_str(&format!("{}\n{}{}\n{}", c.log.len(), c.log, ptx.len(), ptx));
    s
}

fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut it = s.chars();
    while let Some(c) = it.next() {
        if c == '\\' {
            match it.next() {
                Some('t') => out.push('\t'),
                Some('n') => out.push('\n'),
                Some(o) => out.push(o),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn next_line<'a>(rest: &mut &'a str) -> Option<&'a str> {
    let (l, r) = rest.split_once('\n')?;
    *rest = r;
    Some(l)
}

fn decode(text: &str) -> Option<(Compiled, Vec<u128>)> {
    let rest = text.strip_prefix("oxicc-cache 1\n")?;
    let (counts, mut rest) = rest.split_once('\n')?;
    let (n_names, n_files) = counts.split_once(' ')?;
    let (n_names, n_files): (usize, usize) = (n_names.parse().ok()?, n_files.parse().ok()?);
    let mut lowered_names = Vec::new();
    for _ in 0..n_names {
        let (e, n) = next_line(&mut rest)?.split_once('\t')?;
        let n = unescape(n);
        lowered_names.push((unescape(e), (!n.is_empty()).then_some(n)));
    }
    let mut opened_files = Vec::new();
    let mut hashes = Vec::new();
    for _ in 0..n_files {
        let (h, p) = next_line(&mut rest)?.split_once('\t')?;
        hashes.push(u128::from_str_radix(h, 16).ok()?);
        opened_files.push(PathBuf::from(unescape(p)));
    }
    let log_len: usize = next_line(&mut rest)?.parse().ok()?;
    let log = rest.get(..log_len)?.to_string();
    rest = rest.get(log_len..)?;
    let ptx_len: usize = next_line(&mut rest)?.parse().ok()?;
    let ptx = rest.get(..ptx_len)?.to_string();
    if rest.len() != ptx_len {
        return None;
    }
    let c = Compiled {
        ptx: Some(ptx),
        log,
        diagnostics: Vec::new(),
        lowered_names,
        opened_files,
    };
    Some((c, hashes))
}

//! Round-trip tests of the `.oxir` format: every file in `tests/oxir/` parses, prints back to
//! exactly its own text (the files are written in canonical form), and printing is stable
//! under a second parse.

use std::fs;
use std::path::Path;

use oxicc_ir::{parse_module, print_module};

fn oxir_files() -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oxir");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .expect("tests/oxir exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "oxir"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    files
}

#[test]
fn canonical_files_print_back_identically() {
    for path in oxir_files() {
        let text = fs::read_to_string(&path).expect("readable file");
        let module = parse_module(&text).unwrap_or_else(|e| panic!("{}:{e}", path.display()));
        let printed = print_module(&module);
        assert_eq!(printed, text, "{} does not round-trip", path.display());
        let again = print_module(&parse_module(&printed).expect("printed text parses"));
        assert_eq!(again, printed);
    }
}

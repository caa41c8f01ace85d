//! Response files: `@file` (gcc, clang) and `--options-file file` (nvcc) stand for the
//! arguments the file holds.

use super::OptionError;

/// How deep response files may nest (one naming itself must end).
const MAX_RESPONSE_DEPTH: usize = 16;

/// Replaces `@file` and `--options-file file` (`-optf file`) by the arguments the file
/// holds: whitespace-separated, with `"…"`/`'…'` quoting and `\` escapes.
pub fn expand_response_files(args: &[String]) -> Result<Vec<String>, OptionError> {
    expand(args, 0)
}

fn expand(args: &[String], depth: usize) -> Result<Vec<String>, OptionError> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        let file = if let Some(f) = a.strip_prefix('@').filter(|f| !f.is_empty()) {
            f.to_string()
        } else if ["--options-file", "-options-file", "-optf"].contains(&a.as_str()) {
            let f = args
                .get(i)
                .ok_or_else(|| OptionError(format!("option '{a}' needs a value")))?;
            i += 1;
            f.clone()
        } else if let Some(f) = ["--options-file=", "-options-file=", "-optf="]
            .iter()
            .find_map(|p| a.strip_prefix(p))
        {
            f.to_string()
        } else {
            out.push(a.clone());
            continue;
        };
        if depth >= MAX_RESPONSE_DEPTH {
            return Err(OptionError(format!(
                "response files nest too deeply at '{file}'"
            )));
        }
        let text = std::fs::read_to_string(&file)
            .map_err(|e| OptionError(format!("cannot read response file '{file}': {e}")))?;
        out.extend(expand(&split_response(&text), depth + 1)?);
    }
    Ok(out)
}

/// Splits a response file's text into arguments.
fn split_response(text: &str) -> Vec<String> {
    let mut args = Vec::new();
    let mut cur = String::new();
    let mut in_arg = false;
    let mut quote: Option<char> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (c, quote) {
            ('\\', q) if q != Some('\'') => {
                if let Some(n) = chars.next() {
                    cur.push(n);
                }
                in_arg = true;
            }
            (q, Some(open)) if q == open => quote = None,
            (_, Some(_)) => cur.push(c),
            ('"' | '\'', None) => {
                quote = Some(c);
                in_arg = true;
            }
            (c, None) if c.is_whitespace() => {
                if in_arg {
                    args.push(std::mem::take(&mut cur));
                    in_arg = false;
                }
            }
            _ => {
                cur.push(c);
                in_arg = true;
            }
        }
    }
    if in_arg {
        args.push(cur);
    }
    args
}

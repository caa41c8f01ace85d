//! Linking translation units at the IR level: several `.cu` files become one module before
//! the optimization passes run, so the inliner and every other pass see across files (what
//! no NVIDIA tool offers: `nvlink` links machine code).
//!
//! Each file is lowered as for separate compilation (`-rdc=true`: `extern __device__`
//! declarations are imports, definitions with external linkage are exported). Linking then
//! resolves each import against the definition of the same symbol in another file, keeps
//! module-local (internal) symbols apart by renaming those whose names collide, and reports
//! two definitions of one external symbol. Unless the linked module is itself relocatable,
//! exported device functions and variables become module-local again, as in whole-program
//! compilation (unused ones are then removed by the passes), and a symbol that some file
//! uses and no file defines is an error (ptxas would reject the module with "Unresolved
//! extern function"), except the few the CUDA driver provides.

use hashbrown::HashMap;
use oxicc_ir::{
    EntityRef, FuncId, FuncKind, Function, GlobalId, GlobalVar, InstData, Linkage, Module,
};

/// What may be linked: every function and variable by symbol name.
#[derive(Default)]
struct Symbols {
    funcs: HashMap<String, FuncId>,
    globals: HashMap<String, GlobalId>,
}

/// A name no symbol of `taken` has: `name` with the file's number appended.
fn fresh_name(name: &str, unit: usize, taken: &dyn Fn(&str) -> bool) -> String {
    let mut candidate = format!("{name}_$oxicc{unit}");
    let mut n = 0;
    while taken(&candidate) {
        n += 1;
        candidate = format!("{name}_$oxicc{unit}_{n}");
    }
    candidate
}

/// Functions a whole-program module may leave external: the CUDA driver provides them.
const DRIVER_SYMBOLS: &[&str] = &["vprintf", "malloc", "free", "__assertfail"];

/// Links `units` (file name, module) into one module. `Err` lists the symbols defined
/// twice. `relocatable`: keep exported symbols exported (`-rdc=true` on the linked output).
pub fn link_modules(
    units: Vec<(String, Module)>,
    relocatable: bool,
) -> Result<Module, Vec<String>> {
    let mut out = Module::new();
    let mut syms = Symbols::default();
    let mut errors = Vec::new();
    // Where each unit's definition of an external symbol came from, for the messages.
    let mut defined_in: HashMap<String, String> = HashMap::new();
    // The first file that uses each external symbol, for the unresolved-symbol message.
    let mut used_in: HashMap<String, String> = HashMap::new();
    for (unit, (file, mut m)) in units.into_iter().enumerate() {
        note_uses(&m, &file, &mut used_in);
        let file_base = out.files.len() as u32;
        out.files.append(&mut m.files);

        // Globals first: function bodies refer to them.
        let mut gmap: Vec<GlobalId> = Vec::with_capacity(m.globals.len());
        let globals = std::mem::take(&mut m.globals);
        for (_, mut g) in globals.iter().map(|(k, g)| (k, g.clone())) {
            let id = link_global(&mut out, &mut syms, &mut g, unit, &file, &mut defined_in)
                .unwrap_or_else(|e| {
                    errors.push(e);
                    GlobalId::from_u32(0)
                });
            gmap.push(id);
        }

        // Functions: reserve every id first (calls may go forward), then move the bodies.
        let funcs = std::mem::take(&mut m.functions);
        let mut fmap: Vec<FuncId> = Vec::with_capacity(funcs.len());
        let mut bodies: Vec<(FuncId, Function)> = Vec::new();
        for (_, f) in funcs.iter() {
            let f = f.clone();
            match link_function(&mut out, &mut syms, &f, unit, &file, &mut defined_in) {
                Ok((id, keep_body)) => {
                    fmap.push(id);
                    if keep_body {
                        bodies.push((id, f));
                    }
                }
                Err(e) => {
                    errors.push(e);
                    fmap.push(FuncId::from_u32(0));
                }
            }
        }
        for (id, mut f) in bodies {
            f.name = out.functions[id].name.clone();
            f.linkage = out.functions[id].linkage;
            remap_body(&mut f, &fmap, &gmap, file_base);
            out.functions[id] = f;
        }
        // Function addresses in this unit's variable initializers (vtables, tables).
        for &gid in &gmap {
            if let Some(g) = out.globals.get_mut(gid) {
                for (_, f) in &mut g.func_addrs {
                    if let Some(&nf) = fmap.get(f.index()) {
                        *f = nf;
                    }
                }
            }
        }
    }
    if !relocatable {
        errors.extend(unresolved(&out, &used_in));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    if !relocatable {
        for (_, f) in out.functions.iter_mut() {
            if f.kind == FuncKind::Device && f.linkage == Linkage::External {
                f.linkage = Linkage::Internal;
            }
        }
        for (_, g) in out.globals.iter_mut() {
            if g.linkage == Linkage::External {
                g.linkage = Linkage::Internal;
            }
        }
    }
    Ok(out)
}

/// Records, for each imported symbol that a body of `m` names, that `file` uses it.
fn note_uses(m: &Module, file: &str, used_in: &mut HashMap<String, String>) {
    for (_, f) in m.functions.iter() {
        let insts = f.layout.iter().flat_map(|&b| f.blocks[b].insts.iter());
        for node in insts.map(|&i| &f.insts[i]) {
            let name = match node.data {
                InstData::Call { callee: id, .. } | InstData::FuncAddr { func: id } => {
                    let callee = &m.functions[id];
                    (callee.linkage == Linkage::Import).then_some(&callee.name)
                }
                InstData::GlobalAddr { global } => {
                    let g = &m.globals[global];
                    (g.linkage == Linkage::Import).then_some(&g.name)
                }
                _ => None,
            };
            if let Some(name) = name {
                used_in
                    .entry_ref(name.as_str())
                    .or_insert_with(|| file.to_string());
            }
        }
    }
}

/// One error per symbol that a file uses and no file defines, in the order of the linked
/// module's symbols (deterministic).
fn unresolved(out: &Module, used_in: &HashMap<String, String>) -> Vec<String> {
    let functions = out
        .functions
        .values()
        .filter(|f| f.linkage == Linkage::Import && !DRIVER_SYMBOLS.contains(&f.name.as_str()))
        .map(|f| (&f.name, "function"));
    let globals = out
        .globals
        .values()
        .filter(|g| g.linkage == Linkage::Import)
        .map(|g| (&g.name, "variable"));
    functions
        .chain(globals)
        .filter_map(|(name, what)| {
            let file = used_in.get(name.as_str())?;
            Some(format!(
                "undefined reference to {what} '{name}' (used in {file}, defined in no file of the set; -rdc=true keeps it external)"
            ))
        })
        .collect()
}

/// Adds or resolves one function of unit `unit`; returns its id in `out` and whether this
/// unit's body is the one to keep.
fn link_function(
    out: &mut Module,
    syms: &mut Symbols,
    f: &Function,
    unit: usize,
    file: &str,
    defined_in: &mut HashMap<String, String>,
) -> Result<(FuncId, bool), String> {
    let is_def = !f.is_declaration() && f.linkage != Linkage::Import;
    if f.linkage == Linkage::Internal && is_def {
        let taken = |n: &str| syms.funcs.contains_key(n) || syms.globals.contains_key(n);
        let name = if taken(&f.name) {
            fresh_name(&f.name, unit, &taken)
        } else {
            f.name.clone()
        };
        let mut decl = Function::declaration(name.clone(), f.sig.clone(), f.kind);
        decl.linkage = Linkage::Internal;
        let id = out.add_function(decl);
        syms.funcs.insert(name, id);
        return Ok((id, true));
    }
    match syms.funcs.get(&f.name).copied() {
        Some(id) => {
            let existing_def = out.functions[id].linkage != Linkage::Import;
            match (existing_def, is_def) {
                (true, true) => Err(format!(
                    "multiple definition of '{}' (in {} and {file})",
                    f.name,
                    defined_in
                        .get(&f.name)
                        .map_or("an earlier file", |s| s.as_str())
                )),
                (false, true) => {
                    out.functions[id].linkage = f.linkage;
                    defined_in.insert(f.name.clone(), file.to_string());
                    Ok((id, true))
                }
                _ => Ok((id, false)),
            }
        }
        None => {
            let mut decl = Function::declaration(f.name.clone(), f.sig.clone(), f.kind);
            decl.linkage = if is_def { f.linkage } else { Linkage::Import };
            let id = out.add_function(decl);
            syms.funcs.insert(f.name.clone(), id);
            if is_def {
                defined_in.insert(f.name.clone(), file.to_string());
            }
            Ok((id, is_def))
        }
    }
}

/// Adds or resolves one variable of unit `unit`.
fn link_global(
    out: &mut Module,
    syms: &mut Symbols,
    g: &mut GlobalVar,
    unit: usize,
    file: &str,
    defined_in: &mut HashMap<String, String>,
) -> Result<GlobalId, String> {
    if g.linkage == Linkage::Internal {
        let taken = |n: &str| syms.funcs.contains_key(n) || syms.globals.contains_key(n);
        if taken(&g.name) {
            g.name = fresh_name(&g.name, unit, &taken);
        }
        let id = out.add_global(g.clone());
        syms.globals.insert(g.name.clone(), id);
        return Ok(id);
    }
    let is_def = g.linkage != Linkage::Import;
    match syms.globals.get(&g.name).copied() {
        Some(id) => {
            let existing_def = out.globals[id].linkage != Linkage::Import;
            match (existing_def, is_def) {
                (true, true) => Err(format!(
                    "multiple definition of '{}' (in {} and {file})",
                    g.name,
                    defined_in
                        .get(&g.name)
                        .map_or("an earlier file", |s| s.as_str())
                )),
                (false, true) => {
                    out.globals[id] = g.clone();
                    defined_in.insert(g.name.clone(), file.to_string());
                    Ok(id)
                }
                _ => Ok(id),
            }
        }
        None => {
            let id = out.add_global(g.clone());
            syms.globals.insert(g.name.clone(), id);
            if is_def {
                defined_in.insert(g.name.clone(), file.to_string());
            }
            Ok(id)
        }
    }
}

/// Rewrites a moved function's references to this unit's functions and variables, and its
/// source positions' file numbers.
fn remap_body(f: &mut Function, fmap: &[FuncId], gmap: &[GlobalId], file_base: u32) {
    for (_, node) in f.insts.iter_mut() {
        match &mut node.data {
            InstData::Call { callee: id, .. } | InstData::FuncAddr { func: id } => {
                *id = fmap[id.index()];
            }
            InstData::GlobalAddr { global } => *global = gmap[global.index()],
            _ => {}
        }
    }
    if file_base > 0 {
        for l in &mut f.locs {
            if !l.is_none() {
                *l = l.with_file_offset(file_base);
            }
        }
    }
}

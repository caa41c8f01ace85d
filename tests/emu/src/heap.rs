//! The device heap behind `malloc` and `free` (CUDA's device-side allocator, which nvcc's
//! `new` and `delete` call): every block is its own global allocation, so accesses past its
//! end and uses after `free` are caught; `free(NULL)` does nothing. Like CUDA's default
//! heap (8 MiB), a request past the heap's size returns NULL.

use crate::exec::{Env, Thread};
use crate::memory::write_le;
use crate::printf::call_arg;

/// CUDA's default device heap size (`cudaLimitMallocHeapSize`).
const HEAP_BYTES: u64 = 8 << 20;

/// Name of heap blocks among the allocations (freed ones are renamed).
const BLOCK: &str = "malloc";
const FREED: &str = "malloc (freed)";

/// `malloc(size)` at call site `site`: the new block's address (0 when the heap is full).
pub fn malloc(env: &mut Env, t: &mut Thread, site: u32) -> u64 {
    let size = call_arg(env, t, site, 0);
    let used: u64 = env
        .mem
        .names
        .iter()
        .zip(&env.mem.segs)
        .filter(|(n, _)| n.as_str() == BLOCK)
        .map(|(_, s)| s.len() as u64)
        .sum();
    if size > HEAP_BYTES.saturating_sub(used) {
        return 0;
    }
    let addr = env.mem.alloc(BLOCK, vec![0; size.max(1) as usize]);
    let cs = &env.prog.calls[site as usize];
    if let Some((crate::inst::CallArg::Param(o), _, rsize)) = cs.rets.first() {
        let pb = t.frames.last().map_or(0, |f| f.param_base) as usize;
        write_le(&mut t.fparam, pb + *o as usize, *rsize as usize, addr);
    }
    addr
}

/// `free(ptr)` at call site `site`.
pub fn free(env: &mut Env, t: &mut Thread, site: u32) -> Result<(), String> {
    let addr = call_arg(env, t, site, 0);
    if addr == 0 {
        return Ok(());
    }
    let window = (addr >> 32) as usize;
    let block = window
        .checked_sub(1)
        .filter(|&i| addr & 0xFFFF_FFFF == 0 && env.mem.names.get(i).is_some_and(|n| n == BLOCK));
    let Some(i) = block else {
        let what = if window >= 1 && env.mem.names.get(window - 1).is_some_and(|n| n == FREED) {
            "a block that was already freed"
        } else {
            "an address that `malloc` did not return"
        };
        return Err(format!("`free` of {addr:#x}, {what}"));
    };
    env.mem.segs[i] = Vec::new();
    env.mem.names[i] = FREED.to_string();
    Ok(())
}

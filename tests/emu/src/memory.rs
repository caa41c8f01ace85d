//! Device memory: global allocations (launch buffers and module variables, each in its own
//! 4 GiB generic window so that out-of-bounds accesses are caught per allocation), and the
//! mapping of generic addresses onto shared, local and parameter memory.

use crate::decode::{FPARAM_WINDOW, FUNC_WINDOW, KPARAM_WINDOW, LOCAL_WINDOW, SHARED_WINDOW};
use crate::inst::Space;

/// Global memory: allocation `i` lives at generic addresses `(i + 1) << 32 ..`.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    pub segs: Vec<Vec<u8>>,
    pub names: Vec<String>,
    /// The kernel parameter block of the launch.
    pub kparams: Vec<u8>,
    /// Texture and surface images; `seg` indexes `segs`. Handle `k + 1` is image `k`.
    pub images: Vec<crate::texture::Image>,
}

impl Memory {
    /// Adds an allocation and returns its base address.
    pub fn alloc(&mut self, name: &str, data: Vec<u8>) -> u64 {
        self.segs.push(data);
        self.names.push(name.to_string());
        (self.segs.len() as u64) << 32
    }
}

/// Where an address resolved to.
pub enum Region {
    Global(usize),
    Shared,
    Local,
    KParam,
    FParam,
}

/// Resolves `addr` in `space` to a region and a byte offset inside it.
#[inline]
pub fn resolve(space: Space, addr: u64) -> Result<(Region, usize), String> {
    let window = addr >> 32;
    let low = (addr & 0xFFFF_FFFF) as usize;
    match space {
        Space::Shared => Ok((Region::Shared, low)),
        Space::Local => Ok((Region::Local, low)),
        Space::KParam => Ok((Region::KParam, low)),
        Space::FParam => Ok((Region::FParam, low)),
        Space::Global | Space::Const | Space::Generic => match window {
            0 => Err(format!(
                "address {addr:#x} is not in any allocation (null or not a device pointer)"
            )),
            SHARED_WINDOW if space == Space::Generic => Ok((Region::Shared, low)),
            LOCAL_WINDOW if space == Space::Generic => Ok((Region::Local, low)),
            KPARAM_WINDOW if space == Space::Generic => Ok((Region::KParam, low)),
            FPARAM_WINDOW if space == Space::Generic => Ok((Region::FParam, low)),
            FUNC_WINDOW => Err(format!(
                "address {addr:#x} is a function's address, not data"
            )),
            w => Ok((Region::Global(w as usize - 1), low)),
        },
    }
}

/// The generic window of a space (for `cvta`).
pub fn window_of(space: Space) -> u64 {
    match space {
        Space::Shared => SHARED_WINDOW,
        Space::Local => LOCAL_WINDOW,
        Space::KParam => KPARAM_WINDOW,
        Space::FParam => FPARAM_WINDOW,
        _ => 0,
    }
}

#[inline(always)]
pub fn read_le(buf: &[u8], off: usize, size: usize) -> Option<u64> {
    let end = off.checked_add(size)?;
    let b = buf.get(off..end)?;
    Some(match size {
        1 => b[0] as u64,
        2 => u16::from_le_bytes([b[0], b[1]]) as u64,
        4 => u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as u64,
        8 => u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]),
        _ => {
            let mut v = [0u8; 8];
            v[..size.min(8)].copy_from_slice(&b[..size.min(8)]);
            u64::from_le_bytes(v)
        }
    })
}

#[inline(always)]
pub fn write_le(buf: &mut [u8], off: usize, size: usize, v: u64) -> Option<()> {
    let end = off.checked_add(size)?;
    let b = buf.get_mut(off..end)?;
    match size {
        1 => b[0] = v as u8,
        2 => b.copy_from_slice(&(v as u16).to_le_bytes()),
        4 => b.copy_from_slice(&(v as u32).to_le_bytes()),
        8 => b.copy_from_slice(&v.to_le_bytes()),
        _ => b.copy_from_slice(&v.to_le_bytes()[..size.min(8)]),
    }
    Some(())
}

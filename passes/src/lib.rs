//! oxicc passes (under construction).

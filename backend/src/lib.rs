//! oxicc backend (under construction).

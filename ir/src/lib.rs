//! oxicc IR (under construction).

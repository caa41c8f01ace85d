//! oxicc-emu: a PTX interpreter with CUDA's execution model (under construction).

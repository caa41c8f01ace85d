//! Shared helpers of the end-to-end test suites (tool discovery, kernel lists).

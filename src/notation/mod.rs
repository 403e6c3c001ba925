//! Notation (placeholder).

//! Proposta → relatório.

// Learned move priors: a generalised Bradley-Terry move model trained with Coulom's
// minorization-maximization on professional games (Coulom 2007).
//
// Reading guide. features.hpp: the feature groups and FeatureContext (per-position
// liberty table, per-move features); pattern3.hpp: 3x3 patterns and their symmetry
// classes; spatial.hpp: larger diamond patterns and the frequent-pattern dictionary;
// model.hpp: Model (gammas, table I/O, Model::scores / Scorer: per-point
// probabilities); train.hpp: corpus split and MM training; evaluate.hpp: held-out
// top-k and log-likelihood beside baselines; incremental.hpp: IncrementalScorer, the
// same probabilities for tree search, recomputing only what changed since its last call.
// Use: Model::load("tables/prior.fgt"), then a Scorer (or IncrementalScorer) per thread:
// scorer.scores(board, toMove, last, beforeLast, probs).
#pragma once

#include "engine/prior/evaluate.hpp"
#include "engine/prior/features.hpp"
#include "engine/prior/incremental.hpp"
#include "engine/prior/model.hpp"
#include "engine/prior/pattern3.hpp"
#include "engine/prior/spatial.hpp"
#include "engine/prior/train.hpp"

// Final status of the groups of a finished position read with the engine's heavy
// playouts (engine/play/policy.hpp) instead of the territory module's light ones.
//
// Reading guide. engine/territory's evaluate() judges groups statically and, for the
// groups short of two eyes of their own, takes the verdict of playout ownership
// (TerritoryParams::playouts, playoutVerdict). Light playouts cannot read capturing
// races: a random player lets a chain in atari be captured, or fills its own last
// liberty in a race it was winning. The heavy playouts of the search (atari escapes,
// captures of the last move's chain, MoGo 3x3 patterns, no big self-ataris) play the
// tactics of a race out. heavyOwnership() averages their end positions per point;
// finalStatusParams() wires it into TerritoryParams::ownershipReader, and
// finalEvaluation() is evaluate() with it. Still the Monte Carlo ownership idea
// (Bruegmann 1993; MoGo and Fuego's dead-stone estimators), with better playouts.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/board/board.hpp"
#include "engine/play/policy.hpp"
#include "engine/territory/territory.hpp"

namespace engine {

// How the heavy playouts read a position.
struct FinalStatusParams {
  int playouts = 400;        // playouts, half with Black first and half with White first
  uint64_t seed = 20261122;  // fixed: the reading is a deterministic function of the board
  PolicyParams policy;       // the search's heavy playout policy by default
};

// Per point (row-major), the mean owner at the end of `params.playouts` heavy playouts
// from the board's colours (simple ko, no history): +1 always Black, -1 always White.
std::vector<float> heavyOwnership(const Board& board, const FinalStatusParams& params);

// `base` with its playout check of groups reading heavyOwnership (base.playouts is set
// to params.playouts when it is 0); the contested points keep the light playouts
// (readerForPoints false: heavy owners there measured worse, docs/EVALUATION.md).
TerritoryParams finalStatusParams(TerritoryParams base, const FinalStatusParams& params);

// evaluate() with the heavy-playout check (finalStatusParams).
Evaluation finalEvaluation(const Board& board, double komi, const TerritoryParams& base = {},
                           const FinalStatusParams& params = {});

}  // namespace engine

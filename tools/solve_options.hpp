// The solver's horizons and optional rules as command-line options, shared by the
// commands that run its search: fgo solve, fgo tables build --proof and fgo tables verify
// --proof (a proof table's leaves and relations are read with the rules it was built
// with).
#pragma once

#include "solve/solver.hpp"
#include "tools/options.hpp"

namespace fgo {

// --first-depth, --max-depth, --answers, --links, --held, --horizon-lookahead,
// --capture-extensions, --self-atari-extensions, --abdada.
void addSearchRuleOptions(po::options_description& desc);

// Reads them into `opt` (UsageError on a value out of range).
void readSearchRuleOptions(const po::variables_map& vm, solve::SolveOptions& opt);

// Whether any of them was given (not left at its default).
bool searchRuleOptionsGiven(const po::variables_map& vm);

}  // namespace fgo

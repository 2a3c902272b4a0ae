#include "solve/proof_table.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "engine/board/errors.hpp"
#include "solve/benson.hpp"
#include "solve/compact_board.hpp"
#include "solve/forced_walk.hpp"
#include "solve/solver_state.hpp"
#include "solve/tt.hpp"
#include "tables/table_file.hpp"

namespace solve {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

using walk::boardOf;
using walk::childOf;
using walk::Visit;

// First-best tables: the move list of a leaf whose static bounds give its value v (mover's
// view), found without search: the first move in moveTestOrder after which the static
// bounds give -v for the other side, marked partial (SOME_BEST); 0 when there is none, and
// the leaf is solved like any other position. Testing such a position's moves can start a
// whole new game: on 4x5, filling one of its own eyes lets the other side capture nearly
// the whole board.
uint64_t staticLeafMoves(const Geometry& g, Mask own, Mask opp, int v, const SolveOptions& so) {
  CompactBoard board(g);
  board.setRaw(own, opp, -1, engine::Color::Empty);
  for (const int p : moveTestOrder(g, own, opp, v)) {
    if (p < 0) {  // the pass: the position scored as it stands is also possible after it
      const ScoreBounds c = boundsAfterPasses(g, opp, own, 1, so.safety);
      if (c.lower == c.upper && c.lower == -v) return PASS_BIT | SOME_BEST;
      continue;
    }
    if (!board.isLegal(p, engine::Color::Black)) continue;
    CompactBoard next = board;
    next.play(p, engine::Color::Black);
    const ScoreBounds c = boundsAfterPasses(g, next.white(), next.black(), 0, so.safety);
    if (c.lower == c.upper && c.lower == -v) return (uint64_t{1} << p) | SOME_BEST;
  }
  return 0;
}

// A search of checkProofTable: the value for pos's Black (the mover before the move
// checked), or nothing when it ran out of nodes; counted in c (searched, open).
std::optional<int> checkedSolve(Solver& solver, const Position& pos, ProofCheck& c) {
  const SolveResult r = solver.solve(pos);
  if (!r.exact) {
    ++c.open;
    return std::nullopt;
  }
  ++c.searched;
  return static_cast<int>(r.value);
}

// checkProofTable under simple ko alone: the walk of ForcedWalk's game states, depth first,
// so that a move back to a position on the walk's own path is seen: with such a cycle the
// relations could hold while the game never ends, and the proof would not show that the
// root's side forces its value in finitely many moves (ProofCheck::cycles). Every
// relation is read from the table, whose entries are those states, except through a pass,
// since the entry after a pass is the position as a fresh start, without the pass made:
// the root side's pass is settled by the board's area score when that is the value (the
// other side's pass then ends the game with it, and each of its moves leads where the
// fresh start's do, which the walk checks next), else by a search with one pass made. The
// other side's pass ends the game where walk::passEnds says so; else it is bounded by the
// fresh start's entry (one pass made can only add the root side's option to end the
// game), exact when that bound is the least value there is, and searched when the bound
// is not enough.
ProofCheck checkForced(const Geometry& g, const SolutionTable& table, Solver& solver, Mask rootOwn,
                       Mask rootOpp, const std::function<void(const ProofCheck&)>& onProgress,
                       double progressSeconds) {
  ProofCheck c;
  auto lastReport = Clock::now();
  std::vector<Visit> stack{{rootOwn, rootOpp, true, -1}};
  // A byte an entry (a 5x5 table may hold a hundred million): reached with each side to
  // move (SEEN << side), on the walk's current path (entered, not yet left; a move to one
  // closes a cycle) with each side to move (ON_PATH << side). Keys not in the table, by
  // side, in a set of their own (they are counted, not walked).
  constexpr uint8_t SEEN = 1, ON_PATH = 4;
  std::vector<uint8_t> marks(table.entries().size());
  std::unordered_set<uint64_t> absent[2];
  // The mover's value after its pass in (own, opp), by a search (empty when it ran out of
  // nodes); `expect` is the value checked.
  auto afterPass = [&](Mask own, Mask opp, int expect) -> std::optional<int> {
    Position pos;
    pos.black = own, pos.white = opp;
    pos.toMove = engine::Color::White;
    pos.passes = 1;
    solver.setFirstGuess(expect);
    return checkedSolve(solver, pos, c);
  };
  // The entry of a child (its mover's value), or nothing: the walk counts it as missing.
  auto entryOf = [&](const Visit& v) -> const SolutionEntry* {
    int sym = 0;
    return table.find(canonicalKeyWithKo(g, v.own, v.opp, v.ko, sym));
  };
  while (!stack.empty()) {
    const Visit v = stack.back();
    stack.pop_back();
    int sym = 0;
    const uint64_t key = canonicalKeyWithKo(g, v.own, v.opp, v.ko, sym);
    const int side = v.rootSide ? 0 : 1;
    const SolutionEntry* entry = table.find(key);
    if (!entry) {
      if (!absent[side].insert(key).second) continue;
      ++c.positions;
      ++c.missing;
      continue;
    }
    uint8_t& mark = marks[static_cast<size_t>(entry - table.entries().data())];
    if (v.leaving) {
      mark &= static_cast<uint8_t>(~(ON_PATH << side));
      continue;
    }
    if (mark & (ON_PATH << side)) {
      ++c.cycles;
      continue;
    }
    if (mark & (SEEN << side)) continue;
    mark |= static_cast<uint8_t>((SEEN | ON_PATH) << side);
    Visit leave = v;
    leave.leaving = true;
    stack.push_back(leave);  // below the children: popped when they are all done
    ++c.positions;
    if (onProgress && secondsSince(lastReport) >= progressSeconds) {
      onProgress(c);
      lastReport = Clock::now();
    }
    const Mask own = key & g.all(), opp = key >> 32;  // canonical orientation
    const int ko = koOfKey(g, key);
    if (c.positions == 1) c.rootValue = entry->value;
    const int value = entry->value;
    const ScoreBounds b = boundsAfterPasses(g, own, opp, 0, solver.options().safety);
    if (b.lower == b.upper) {
      ++c.leaves;
      c.leafWrong += b.lower != value;
      continue;
    }
    const CompactBoard board = boardOf(g, own, opp, ko);
    if (v.rootSide) {  // the first listed move in moveTestOrder that is legal here
      const int p = walk::keptMove(g, board, own, opp, value, entry->best);
      if (p == walk::NO_MOVE) {
        ++c.noMove;
        continue;
      }
      const Visit next = childOf(board, p, true);
      if (p < 0 && areaScore(g, own, opp) == value) {
        ++c.passesSettled;
      } else if (p < 0) {
        ++c.passes;
        const std::optional<int> e = afterPass(own, opp, value);
        c.moveWrong += e && *e != value;
      } else if (const SolutionEntry* ce = entryOf(next)) {
        c.moveWrong += -ce->value != value;
      }
      stack.push_back(next);
      continue;
    }
    // The other side: no move better than the value, a listed move giving it, and some
    // move or the pass giving it.
    bool attained = false, unknown = false;
    std::vector<Visit> children;
    for (int i = 0; i < g.points(); ++i) {
      const int p = g.centreFirst()[i];
      if (!board.isLegal(p, engine::Color::Black)) continue;
      children.push_back(childOf(board, p, false));
      const SolutionEntry* ce = entryOf(children.back());
      if (!ce) continue;
      const int after = -ce->value;
      c.replyBetter += after > value;
      if (entry->best >> p & 1) c.moveWrong += after != value;
      attained |= after == value;
    }
    // The pass: a leaf where the root's side may then end the game with its value
    // (walk::passEnds), else bounded by the fresh start's entry.
    const bool passEnds = walk::passEnds(g, own, opp, -value, solver.options().safety);
    attained |= passEnds;
    if (!passEnds) children.push_back(childOf(board, -1, false));
    const SolutionEntry* pe = passEnds ? nullptr : entryOf(children.back());
    if (pe && -pe->value == -g.points()) {
      // The pass gives at most the fresh start's value (with the pass made the root's side
      // may also end the game): here the least there is, so exactly that.
      ++c.passesSettled;
      if (entry->best & PASS_BIT) c.moveWrong += -pe->value != value;
      attained |= -pe->value == value;
    } else if (pe && (-pe->value > value || !attained)) {  // the bound is not enough
      ++c.passes;
      if (const std::optional<int> e = afterPass(own, opp, value)) {
        c.replyBetter += *e > value;
        if (entry->best & PASS_BIT) c.moveWrong += *e != value;
        attained |= *e == value;
      } else {
        unknown = true;
      }
    }
    c.notAttained += !attained && !unknown;
    for (auto ch = children.rbegin(); ch != children.rend(); ++ch) stack.push_back(*ch);
  }
  c.unreached = static_cast<uint64_t>(std::count(marks.begin(), marks.end(), uint8_t{0}));
  return c;
}

}  // namespace

ProofTableResult buildProofTable(const Geometry& g, const ProofTableOptions& o) {
  const auto start = Clock::now();
  if (o.rules.komi != 0) throw engine::InputError("proof table: komi must be 0");
  // Simple ko alone: a position decided by a ko cycle has no value, so only a walk whose
  // every position has one is taken (below).
  const bool forced = o.rules.ko == KoRule::SimpleForced;
  if (forced && (o.allBest || o.harvest)) {
    throw engine::InputError(
        "proof table: under simple-forced rules a table lists the one move the walk follows "
        "(first-best, without the solver's other positions): the test of another move can "
        "stay open at every horizon");
  }
  if (o.walkers < 1 || o.walkers > 64 || (o.walkers > 1 && !forced)) {
    throw engine::InputError(
        "proof table: walkers must be 1 to 64, and more than one only under simple-forced rules");
  }
  if (forced && g.points() > KO_KEY_MAX_POINTS) {
    throw engine::InputError("proof table: under simple-forced rules at most " +
                             std::to_string(KO_KEY_MAX_POINTS) +
                             " points (a key holds a ko point)");
  }
  if (o.out.empty()) throw engine::InputError("proof table: no output file");
  if ((o.own & o.opp) || ((o.own | o.opp) & ~g.all()) || !legalPosition(g, o.own, o.opp)) {
    throw engine::InputError("proof table: the root position is not legal");
  }
  const std::filesystem::path state =
      o.checkpoint.empty() ? std::filesystem::path(o.out.string() + ".state") : o.checkpoint;

  ProofTableResult res;
  BuildProgress pr;
  SolveOptions so = o.search;
  so.rules = o.rules;
  so.bestMoves = !forced;  // simple-forced: forcedMove below finds the move
  so.firstBestOnly = !o.allBest;
  so.principalVariation = false;
  so.maxNodes = 0;
  Solver* self = nullptr;
  auto lastSave = Clock::now();
  Mask solvingOwn = 0, solvingOpp = 0;  // the position whose solve is running
  auto solvingSince = Clock::now();
  // Simple-forced walks with several walkers call it from their threads: one save at a time.
  std::mutex saving;
  const auto saveLocked = [&] {
    saveSolverState(state, g, o.rules, *self->sharedTable(), "proof table build");
    lastSave = Clock::now();
  };
  const auto save = [&] {
    std::lock_guard<std::mutex> lock(saving);
    saveLocked();
  };
  ForcedWalk* walking = nullptr;  // the walk's progress is read under its lock
  std::mutex reporting;
  // Reports and checkpoints from inside a long solve (one of its threads, never two at once).
  so.progressSeconds = std::min(o.progressSeconds, o.checkpointSeconds);
  // Lock order: the walk's lock, then `reporting`, then `saving`.
  so.onProgress = [&](const SolveProgress& sp) {
    if (o.onProgress) {
      BuildProgress now;
      Mask solvingBlack = 0, solvingWhite = 0;
      double since = 0;
      const auto read = [&] {
        now = pr;
        solvingBlack = solvingOwn, solvingWhite = solvingOpp;
        since = secondsSince(solvingSince);
      };
      if (walking) {
        walking->withLock(read);
      } else {
        read();
      }
      std::lock_guard<std::mutex> lock(reporting);
      now.running = sp.nodes;
      now.solving = true;
      now.lower = sp.lower;  // Black is the mover in every solve of the walk
      now.upper = sp.upper;
      now.horizon = sp.horizon;
      now.rootMove = sp.rootMove, now.rootMoves = sp.rootMoves;
      now.solvingBlack = solvingBlack, now.solvingWhite = solvingWhite;
      now.solvingSeconds = since;
      now.seconds = secondsSince(start);
      o.onProgress(now);
    }
    // A save already under way (another walker's search, or the walk's checkpoint) is enough.
    std::unique_lock<std::mutex> saveLock(saving, std::try_to_lock);
    if (saveLock.owns_lock() && secondsSince(lastSave) >= o.checkpointSeconds) saveLocked();
  };
  Solver solver(g, so);
  self = &solver;
  if (std::filesystem::exists(state)) {
    loadSolverState(state, g, o.rules, *solver.sharedTable());
    res.resumed = true;
  }

  std::unordered_map<uint64_t, SolutionEntry> solved;  // by canonical key
  // Canonical keys visited with the root's mover to move, and with the other side (a
  // 32-point key uses all 64 bits, so the role cannot be packed into it).
  std::unordered_set<uint64_t> seen[2];
  std::vector<Visit> stack{{o.own, o.opp, true}};
  bool stopped = false;
  std::vector<SolutionEntry> entries;  // simple-forced: the walk's, by key
  const std::filesystem::path walkFile = state.string() + ".walk";
  if (forced) {
    ForcedWalk::Hooks hooks;
    hooks.solving = [&](Mask own, Mask opp) {
      solvingOwn = own, solvingOpp = opp, solvingSince = Clock::now();
    };
    hooks.valued = [&] {  // under the walk's lock
      std::lock_guard<std::mutex> lock(reporting);
      if (o.onProgress) o.onProgress(pr);
    };
    hooks.saveSolver = save;
    ForcedWalk walk(g, o, so, solver, pr, start, walkFile, hooks);
    walking = &walk;
    res.resumed |= walk.resume(o.own, o.opp);
    stopped = !walk.run(o.own, o.opp);
    walking = nullptr;
    if (stopped) {
      walk.save();
      res.entries = pr.entries;
      res.nodes = pr.nodes;
      res.seconds = secondsSince(start);
      return res;
    }
    save();  // a later, larger build can start from it
    entries = walk.entries();
    res.rootValue = walk.target();
    stack.clear();
  }
  while (!stack.empty()) {
    const Visit v = stack.back();
    stack.pop_back();
    int sym = 0;
    const uint64_t key = canonicalKey(g, v.own, v.opp, sym);
    if (!seen[v.rootSide].insert(key).second) continue;
    const Mask own = key & 0xFFFFFFFFu, opp = key >> 32;  // canonical orientation
    // A leaf: its static bounds give its value.
    const ScoreBounds b = boundsAfterPasses(g, own, opp, 0, so.safety);
    const bool leaf = b.lower == b.upper;
    auto it = solved.find(key);
    const uint64_t leafMoves =
        it == solved.end() && leaf && !o.allBest ? staticLeafMoves(g, own, opp, b.lower, so) : 0;
    if (leafMoves) {
      SolutionEntry e;
      e.key = key;
      e.value = b.lower;
      e.best = leafMoves;
      it = solved.emplace(key, e).first;
      pr.entries = solved.size();
      pr.lastValue = e.value;
    }
    if (it == solved.end()) {
      if (o.maxSeconds > 0) {
        const double left = o.maxSeconds - secondsSince(start);
        if (left <= 0) {
          stopped = true;
          break;
        }
        solver.setLimits(0, left);
      }
      Position pos;
      pos.black = own, pos.white = opp;
      solvingOwn = own, solvingOpp = opp, solvingSince = Clock::now();
      const SolveResult r = solver.solve(pos);
      pr.nodes += r.nodes;
      if (!r.exact) {
        if (o.maxSeconds > 0 && secondsSince(start) >= o.maxSeconds) {
          stopped = true;
          break;
        }
        throw engine::InputError("proof table: a position was not solved");
      }
      SolutionEntry e;
      e.key = key;
      e.value = static_cast<int>(r.value);
      e.best = moveMask(r.best) | (r.allBest ? 0 : SOME_BEST);
      it = solved.emplace(key, e).first;
      pr.entries = solved.size();
      pr.lastValue = e.value;
      pr.seconds = secondsSince(start);
      if (o.onProgress) o.onProgress(pr);
      if (secondsSince(lastSave) >= o.checkpointSeconds) save();
    }
    if (leaf) continue;
    // Children pushed in reverse so that the walk visits them in order: the root's side's
    // first listed move in moveTestOrder; every legal move of the other side, centre
    // first, and its pass.
    CompactBoard board(g);
    board.setRaw(own, opp, -1, engine::Color::Empty);
    std::vector<Visit> children;
    const uint64_t best = it->second.best;
    if (v.rootSide) {
      for (const int p : moveTestOrder(g, own, opp, it->second.value)) {
        if (!(best >> (p < 0 ? 32 : p) & 1)) continue;
        if (p < 0) {
          children.push_back({opp, own, false});
          break;
        }
        if (!board.isLegal(p, engine::Color::Black)) continue;
        CompactBoard next = board;
        next.play(p, engine::Color::Black);
        children.push_back({next.white(), next.black(), false});
        break;
      }
    } else {
      for (int i = 0; i < g.points(); ++i) {
        const int p = g.centreFirst()[i];
        if (!board.isLegal(p, engine::Color::Black)) continue;
        CompactBoard next = board;
        next.play(p, engine::Color::Black);
        children.push_back({next.white(), next.black(), true});
      }
      children.push_back({opp, own, true});
    }
    for (auto c = children.rbegin(); c != children.rend(); ++c) stack.push_back(*c);
  }
  if (!forced) save();  // also after a complete build: a later, larger build can start from it
  if (!forced) res.entries = solved.size();
  res.nodes = pr.nodes;
  if (stopped) {
    res.seconds = secondsSince(start);
    return res;
  }
  if (o.harvest) {
    // Candidates first (the solves below store into the table being read), in key order.
    std::vector<std::pair<uint64_t, int>> found;
    solver.sharedTable()->forEach([&](uint64_t key, uint8_t extra, const TTData& d) {
      if (extra == 0 && d.lower == d.upper && !solved.count(key)) found.emplace_back(key, d.lower);
    });
    std::sort(found.begin(), found.end());
    found.erase(std::unique(found.begin(), found.end(),
                            [](const auto& a, const auto& b) { return a.first == b.first; }),
                found.end());
    solver.setLimits(o.harvestNodes, 0);
    for (const auto& [key, value] : found) {
      const Mask own = key & 0xFFFFFFFFu, opp = key >> 32;
      int sym = 0;
      if (canonicalKey(g, own, opp, sym) != key || !legalPosition(g, own, opp)) {
        throw std::logic_error("proof table: a table key is not a canonical legal position");
      }
      Position pos;
      pos.black = own, pos.white = opp;
      solvingOwn = own, solvingOpp = opp, solvingSince = Clock::now();
      const SolveResult r = solver.solve(pos);
      pr.nodes += r.nodes;
      if (r.exact && static_cast<int>(r.value) != value) {
        throw std::logic_error("proof table: a stored exact value differs from its solve");
      }
      SolutionEntry e;
      e.key = key;
      e.value = value;
      if (r.exact) e.best = moveMask(r.best);
      const bool listsMove = e.best != 0;
      if (!r.exact || !r.allBest || !listsMove) e.best |= SOME_BEST;
      res.valueOnly += !listsMove;
      solved.emplace(key, e);
      ++res.harvested;
    }
    res.entries = solved.size();
    res.nodes = pr.nodes;
  }
  if (!forced) {
    entries.reserve(solved.size());
    for (const auto& [k, e] : solved) entries.push_back(e);
    std::sort(entries.begin(), entries.end(),
              [](const SolutionEntry& a, const SolutionEntry& b) { return a.key < b.key; });
    int sym = 0;
    res.rootValue = solved.at(canonicalKey(g, o.own, o.opp, sym)).value;
  }
  res.entries = entries.size();
  // At most 104 bytes (tables::TableMeta): 99 for the longest rule name and options.
  const tables::TableMeta m = solveTableMeta(
      g, solutionTableRules(o.rules), tables::TableKind::Solution, SOLUTION_TABLE_VERSION,
      entries.size(),
      std::string("proof table, mover's view, ") +
          (forced ? "game states (keys with ko), " : "fresh games, ") + o.rules.name() +
          (o.allBest ? "; all optimal moves"
           : forced  ? "; the move followed"
                     : "; first optimal, centre first") +
          (o.harvest ? "; + solver's exact" : ""));
  const tables::TableHeader h = tables::writeTable(o.out, m, SolutionTable::encode(entries));
  if (forced) std::filesystem::remove(walkFile);  // its work is in the table now
  res.complete = true;
  res.fileBytes = tables::HEADER_BYTES + h.storedBytes;
  res.seconds = secondsSince(start);
  return res;
}

ProofCheck checkProofTable(const Geometry& g, const SolutionTable& table,
                           const SolveOptions& search, uint64_t searchNodes, Mask rootOwn,
                           Mask rootOpp, const std::function<void(const ProofCheck&)>& onProgress,
                           double progressSeconds) {
  ProofCheck c;
  auto lastReport = Clock::now();
  std::vector<Visit> stack{{rootOwn, rootOpp, true}};
  std::unordered_set<uint64_t> seen[2];  // canonical keys, by side (0: root side)
  std::unordered_set<uint64_t> found;    // the entries reached
  SolveOptions so = search;
  so.bestMoves = so.principalVariation = false;
  so.maxNodes = searchNodes;
  so.maxSeconds = 0;
  so.threads = 1;
  so.onProgress = nullptr;
  // Simple ko alone: MTD(f) from the value each search checks, and both searches of every
  // test, so that a relation that does not hold is found broken rather than left open.
  const bool forced = so.rules.ko == KoRule::SimpleForced;
  if (forced) so.bisect = false, so.oneSidedFirstOnly = false;
  Solver solver(g, so);
  if (forced) return checkForced(g, table, solver, rootOwn, rootOpp, onProgress, progressSeconds);
  // The value for the mover of (own, opp) after its move p (a point, or -1: the pass) in
  // the game that started at (own, opp): a search with that position as the history (and
  // the pass counted), which is what the stored value of a fresh start leaves out.
  // Empty when the search runs out of nodes.
  auto withHistory = [&](Mask own, Mask opp, int p) -> std::optional<int> {
    CompactBoard next(g);
    next.setRaw(own, opp, -1, engine::Color::Empty);
    if (p >= 0) next.play(p, engine::Color::Black);
    Position pos;
    pos.black = next.black(), pos.white = next.white();
    pos.toMove = engine::Color::White;
    pos.passes = p < 0 ? 1 : 0;
    pos.history = {own | opp << 32};
    return checkedSolve(solver, pos, c);
  };
  int sym = 0;
  while (!stack.empty()) {
    const Visit v = stack.back();
    stack.pop_back();
    const uint64_t key = canonicalKey(g, v.own, v.opp, sym);
    if (!seen[v.rootSide ? 0 : 1].insert(key).second) continue;
    ++c.positions;
    if (onProgress && secondsSince(lastReport) >= progressSeconds) {
      onProgress(c);
      lastReport = Clock::now();
    }
    const Mask own = key & 0xFFFFFFFFu, opp = key >> 32;  // canonical orientation
    int value = 0;
    uint64_t best = 0;
    if (!table.lookup(own, opp, value, best)) {
      ++c.missing;
      continue;
    }
    if (c.positions == 1) c.rootValue = value;
    found.insert(key);
    const ScoreBounds b = boundsAfterPasses(g, own, opp, 0, so.safety);
    if (b.lower == b.upper) {
      ++c.leaves;
      c.leafWrong += b.lower != value;
      continue;
    }
    CompactBoard board(g);
    board.setRaw(own, opp, -1, engine::Color::Empty);
    // The mover's value after point p as the table gives it (minus the child's as a fresh
    // start; false: the child is absent, which the walk counts when it gets there), and
    // whether that can stand for the value in the game: not when p captured and left its
    // chain with one liberty, since the other side can then take back at once and what the
    // history forbids (ko, superko) decides.
    auto afterMove = [&](int p, Visit& next, int& after, bool& usable) {
      CompactBoard b2 = board;
      const Mask captured = b2.play(p, engine::Color::Black);
      next = {b2.white(), b2.black(), !v.rootSide};
      const Mask chain = g.flood(Mask{1} << p, b2.black());
      usable = !captured || std::popcount(g.expand(chain) & b2.empty()) != 1;
      int childValue = 0;
      uint64_t unused = 0;
      if (!table.lookup(next.own, next.opp, childValue, unused)) return false;
      after = -childValue;
      return true;
    };
    if (v.rootSide) {  // the first listed move in moveTestOrder, as the build follows it
      bool followed = false;
      for (const int p : moveTestOrder(g, own, opp, value)) {
        if (!(best >> (p < 0 ? 32 : p) & 1)) continue;
        if (p >= 0 && !board.isLegal(p, engine::Color::Black)) continue;
        followed = true;
        Visit next{opp, own, false};
        int after = 0;
        bool usable = false;
        if (p < 0) {
          ++c.passes;
        } else if (!afterMove(p, next, after, usable)) {
          stack.push_back(next);
          break;
        }
        if (p < 0 || !usable || after != value) {
          const std::optional<int> e = withHistory(own, opp, p);
          if (e && *e != value) ++c.moveWrong;
          if (e && p >= 0 && usable) ++c.historyMatters;
        }
        stack.push_back(next);
        break;
      }
      c.noMove += !followed;
      continue;
    }
    // The other side: no move better than the value, the listed ones giving it, and some
    // move or the pass giving it.
    bool attained = false;
    // Moves the table's values alone cannot judge, and moves the table puts below the value
    // (the history may not), each with its table value (INT32_MIN: not usable).
    std::vector<std::pair<int, int>> later, below;
    for (int p = 0; p < g.points(); ++p) {
      if (!board.isLegal(p, engine::Color::Black)) continue;
      Visit next;
      int after = 0;
      bool usable = false;
      const bool present = afterMove(p, next, after, usable);
      stack.push_back(next);
      if (!present) continue;
      const bool listed = best >> p & 1;
      if (usable && after <= value && (!listed || after == value)) {
        attained |= after == value;
        if (after < value) below.emplace_back(p, after);
      } else {
        later.emplace_back(p, usable ? after : INT32_MIN);
      }
    }
    bool unknown = false;  // a search ran out of nodes
    // The move's value in the game: more than the value is a fault; equal attains it.
    auto judge = [&](int p, int tableValue) {
      const std::optional<int> e = withHistory(own, opp, p);
      if (!e) {
        unknown = true;
        return;
      }
      c.historyMatters += tableValue != INT32_MIN && *e != tableValue;
      c.replyBetter += *e > value;
      if (p >= 0 && (best >> p & 1)) c.moveWrong += *e != value;
      attained |= *e == value;
    };
    for (const auto& [p, t] : later) judge(p, t);
    // No move gives the value by the table: the pass, then the moves the table puts below
    // it, with the history, until one does.
    if (!attained) ++c.passes, judge(-1, INT32_MIN);
    for (size_t i = 0; i < below.size() && !attained; ++i) judge(below[i].first, below[i].second);
    c.notAttained += !attained && !unknown;
    stack.push_back({opp, own, true});
  }
  c.unreached = table.entries().size() - found.size();
  return c;
}

}  // namespace solve

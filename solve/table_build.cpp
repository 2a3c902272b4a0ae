#include "solve/table_build.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <numeric>
#include <set>
#include <thread>
#include <unordered_set>

#include "engine/board/errors.hpp"
#include "tables/payload.hpp"
#include "tables/table_file.hpp"

namespace solve {

tables::TableRules tableRules(const Rules& r) {
  tables::TableRules t;
  t.ko = r.ko == KoRule::Positional ? tables::KoRule::Positional : tables::KoRule::Simple;
  t.suicideAllowed = r.suicideAllowed;
  t.komi = r.komi;
  return t;
}

tables::TableRules solutionTableRules(const Rules& r) {
  tables::TableRules t = tableRules(r);
  if (r.ko == KoRule::SimpleForced) t.ko = tables::KoRule::SimpleForced;
  return t;
}

tables::TableMeta solveTableMeta(const Geometry& g, const tables::TableRules& rules,
                                 tables::TableKind kind, uint16_t version, uint64_t entries,
                                 std::string note) {
  tables::TableMeta m;
  m.kind = kind;
  m.kindVersion = version;
  m.width = static_cast<uint16_t>(g.width());
  m.height = static_cast<uint16_t>(g.height());
  m.rules = rules;
  m.generatorName = "fgo tables build --solve";
  m.generatorVersion = "solve 1";
  m.note = std::move(note);
  m.entryCount = entries;
  return m;
}

tables::TableExpect solveTableExpect(const Geometry& g, const tables::TableRules& rules,
                                     tables::TableKind kind, uint16_t version) {
  tables::TableExpect e;
  e.kind = kind;
  e.kindVersion = version;
  e.width = static_cast<uint16_t>(g.width());
  e.height = static_cast<uint16_t>(g.height());
  e.rules = rules;
  return e;
}

namespace {

tables::TableMeta metaFor(const Geometry& g, const Rules& r, tables::TableKind kind,
                          uint16_t version, uint64_t entries) {
  return solveTableMeta(g, tableRules(r), kind, version, entries,
                        "complete table, mover's view, no history; solver rules " + r.name());
}

tables::TableExpect expectFor(const Geometry& g, const Rules& r, tables::TableKind kind,
                              uint16_t version) {
  return solveTableExpect(g, tableRules(r), kind, version);
}

// Position `index` of the enumeration: base-3 digits, point p's digit 1 = own, 2 = opp.
void decodeIndex(uint64_t index, int points, Mask& own, Mask& opp) {
  own = opp = 0;
  for (int p = 0; p < points; ++p, index /= 3) {
    const uint64_t d = index % 3;
    if (d == 1) own |= Mask{1} << p;
    if (d == 2) opp |= Mask{1} << p;
  }
}

// The stones mask's bits take the bits of `code`, lowest first (a software pdep).
Mask deposit(uint64_t code, Mask stones) {
  Mask out = 0;
  for (; stones; stones &= stones - 1, code >>= 1) {
    if (code & 1) out |= stones & -stones;
  }
  return out;
}

// Calls f(ordinal, own, opp) for every enumeration ordinal from `from` on, in `order`
// (each of the 3^points colourings once); stops early when f returns false.
template <class F>
void enumerate(int points, BuildOrder order, uint64_t from, F&& f) {
  const Mask all = points == 64 ? ~Mask{0} : (Mask{1} << points) - 1;
  if (order == BuildOrder::Ternary) {
    uint64_t total = 1;
    for (int p = 0; p < points; ++p) total *= 3;
    for (uint64_t i = from; i < total; ++i) {
      Mask own, opp;
      decodeIndex(i, points, own, opp);
      if (!f(i, own, opp)) return;
    }
    return;
  }
  uint64_t ordinal = 0;
  for (int k = 0; k <= points; ++k) {  // k empty points
    // Every empty mask with k bits, increasing (Gosper's next-combination step).
    for (Mask e = (Mask{1} << k) - 1; e <= all;) {
      const Mask stones = all & ~e;
      const uint64_t block = uint64_t{1} << (points - k);
      if (ordinal + block > from) {
        for (uint64_t c = from > ordinal ? from - ordinal : 0; c < block; ++c) {
          const Mask own = deposit(c, stones);
          if (!f(ordinal + c, own, stones & ~own)) return;
        }
      }
      ordinal += block;
      if (e == 0) break;
      const Mask low = e & -e, r = e + low;
      e = (((r ^ e) >> 2) / low) | r;
    }
  }
}

struct BuildState {
  BuildOrder order = BuildOrder::DenseFirst;
  uint64_t next = 0;  // first enumeration ordinal not yet handled
  std::vector<SolutionEntry> entries;
};

void writeCheckpoint(const std::filesystem::path& path, const Geometry& g, const Rules& r,
                     const BuildState& st) {  // entries in any order
  tables::PayloadWriter w;
  w.varint(static_cast<uint64_t>(st.order));
  w.varint(st.next);
  std::vector<SolutionEntry> sorted = st.entries;
  std::sort(sorted.begin(), sorted.end(),
            [](const SolutionEntry& a, const SolutionEntry& b) { return a.key < b.key; });
  const std::vector<uint8_t> body = SolutionTable::encode(sorted);
  w.bytes(body);
  tables::WriteOptions wo;
  wo.level = 1;
  tables::writeTable(
      path,
      metaFor(g, r, tables::TableKind::Checkpoint, CHECKPOINT_TABLE_VERSION, st.entries.size()),
      w.data(), wo);
}

BuildState readCheckpoint(const std::filesystem::path& path, const Geometry& g, const Rules& r,
                          uint64_t total, BuildOrder order) {
  const tables::Table t = tables::readTable(
      path, expectFor(g, r, tables::TableKind::Checkpoint, CHECKPOINT_TABLE_VERSION));
  tables::PayloadReader rd(t.payload, path.string());
  BuildState st;
  if (rd.varint() != static_cast<uint64_t>(order)) {
    rd.fail("checkpoint of a build in another enumeration order");
  }
  st.order = order;
  st.next = rd.varint();
  if (st.next > total) rd.fail("checkpoint index beyond the enumeration");
  const size_t at = rd.offset();
  st.entries = SolutionTable::decode(std::span<const uint8_t>(t.payload).subspan(at),
                                     t.header.meta.entryCount, path.string());
  return st;
}

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// The entry of a solved position (own, opp): key, value and optimal-move mask.
SolutionEntry entryOf(Mask own, Mask opp, const SolveResult& r) {
  SolutionEntry e;
  e.key = own | opp << 32;
  e.value = static_cast<int>(r.value);
  e.best = moveMask(r.best);
  return e;
}

// The parallel build (TableBuildOptions::threads >= 2). The calling thread enumerates the
// positions from st.next on into a window (at most o.windowPositions ahead of the first
// unsolved one); o.threads workers, each with its own one-thread Solver on one shared
// transposition table, take the window's positions in order as they become free (dynamic
// scheduling: a hard position holds only its worker). The checkpoint index is the
// ordinal of the first position not yet solved; positions solved beyond it are written
// too and skipped on resume (`done`). Returns false when o.maxSeconds stopped the build:
// a running solve is then cut by its time limit and discarded, and the final checkpoint
// is written after every worker has stopped.
bool buildInParallel(const Geometry& g, const TableBuildOptions& o, const SolveOptions& so,
                     const std::filesystem::path& ckpt, BuildState& st,
                     const std::unordered_set<uint64_t>& done, BuildProgress& pr,
                     Clock::time_point start) {
  struct Task {
    uint64_t ordinal;
    Mask own, opp;
    bool solved = false;
  };
  std::mutex m;
  std::condition_variable cv;     // a task added or solved, the enumeration ended, or a stop
  std::deque<Task> window;        // enumerated and not yet retired, in enumeration order
  size_t handedOut = 0;           // window[0, handedOut) are taken by workers
  uint64_t enumerated = st.next;  // every ordinal below it is in the window or retired
  bool exhausted = false, stop = false, outOfTime = false;
  std::exception_ptr error;
  auto lastCheckpoint = Clock::now();
  const size_t windowSize = std::max<size_t>(1, o.windowPositions);
  // The first ordinal not yet solved (the checkpoint index); the caller holds m.
  const auto frontier = [&] { return window.empty() ? enumerated : window.front().ordinal; };
  const auto halt = [&](std::exception_ptr e) {  // the caller holds m
    if (e && !error) error = e;
    stop = true;
    cv.notify_all();
  };

  // Nodes of each worker's running solve, from its solver's progress reports; setLive
  // records one and keeps pr.running their sum (the caller holds m).
  std::vector<uint64_t> live(o.threads, 0);
  const auto setLive = [&](int t, uint64_t nodes) {
    live[t] = nodes;
    pr.running = std::accumulate(live.begin(), live.end(), uint64_t{0});
  };
  std::vector<std::unique_ptr<Solver>> solvers;
  for (int t = 0; t < o.threads; ++t) {
    SolveOptions own = so;
    if (o.onProgress) {
      own.progressSeconds = o.progressSeconds;
      own.onProgress = [&, t](const SolveProgress& sp) {
        std::lock_guard<std::mutex> lock(m);
        setLive(t, sp.nodes);
        BuildProgress now = pr;
        now.seconds = secondsSince(start);
        o.onProgress(now);
      };
    }
    solvers.push_back(t == 0 ? std::make_unique<Solver>(g, own)
                             : std::make_unique<Solver>(g, own, solvers[0]->sharedTable()));
  }
  const auto work = [&](Solver& solver, int t) {
    std::unique_lock<std::mutex> lock(m);
    for (;;) {
      cv.wait(lock, [&] { return stop || handedOut < window.size() || exhausted; });
      if (stop || handedOut == window.size()) return;  // stopped, or nothing left
      Task& task = window[handedOut++];                // deque: stays put while others are appended
      double left = 0;
      if (o.maxSeconds > 0) {
        left = o.maxSeconds - secondsSince(start);
        if (left <= 0) {
          outOfTime = true;
          return halt(nullptr);
        }
      }
      lock.unlock();
      Position pos;
      pos.black = task.own, pos.white = task.opp;
      SolveResult r;
      std::exception_ptr failed;
      try {
        if (o.maxSeconds > 0) solver.setLimits(0, left);
        r = solver.solve(pos);
      } catch (...) {
        failed = std::current_exception();
      }
      lock.lock();
      setLive(t, 0);  // from here on in pr.nodes (or discarded)
      if (failed) return halt(failed);
      // The solve's own deadline is at or after the build's: a solve that returned
      // before the build's deadline was not touched by its limit. One that returned
      // after it is discarded even when its value is exact, since the limit may have
      // cut the tests of its optimal moves.
      if (o.maxSeconds > 0 && secondsSince(start) >= o.maxSeconds) {
        outOfTime = true;
        return halt(nullptr);
      }
      if (!r.exact) {
        return halt(std::make_exception_ptr(
            engine::InputError("tables build --solve: a position was not solved")));
      }
      const SolutionEntry e = entryOf(task.own, task.opp, r);
      st.entries.push_back(e);
      const int empties = g.points() - popcount(task.own | task.opp);
      task.solved = true;  // `task` may be freed by the pops below: not used after them
      while (!window.empty() && window.front().solved) window.pop_front(), --handedOut;
      cv.notify_all();
      pr.index = frontier(), pr.entries = st.entries.size(), pr.nodes += r.nodes;
      pr.empties = empties;
      pr.seconds = secondsSince(start), pr.lastValue = e.value;
      if (o.onProgress) o.onProgress(pr);
      if (secondsSince(lastCheckpoint) >= o.checkpointSeconds) {
        st.next = frontier();
        try {
          writeCheckpoint(ckpt, g, o.rules, st);
          if (o.onCheckpoint) o.onCheckpoint(pr);
        } catch (...) {
          return halt(std::current_exception());
        }
        lastCheckpoint = Clock::now();
      }
    }
  };
  std::vector<std::thread> workers;
  for (int t = 0; t < o.threads; ++t) workers.emplace_back(work, std::ref(*solvers[t]), t);
  try {
    enumerate(g.points(), o.order, st.next, [&](uint64_t ordinal, Mask own, Mask opp) {
      int sym;
      const uint64_t key = own | opp << 32;
      if (canonicalKey(g, own, opp, sym) != key || !legalPosition(g, own, opp) || done.count(key)) {
        return true;
      }
      std::unique_lock<std::mutex> lock(m);
      cv.wait(lock, [&] { return stop || window.size() < windowSize; });
      if (stop) return false;
      window.push_back(Task{ordinal, own, opp});
      enumerated = ordinal + 1;
      cv.notify_all();
      return true;
    });
  } catch (...) {
    std::lock_guard<std::mutex> lock(m);
    halt(std::current_exception());
  }
  {
    std::lock_guard<std::mutex> lock(m);
    exhausted = true;
    if (!stop) enumerated = pr.total;  // the rest of the enumeration holds no position
    cv.notify_all();
  }
  for (std::thread& w : workers) w.join();
  if (error) std::rethrow_exception(error);
  if (!outOfTime) return true;  // every position enumerated was solved
  st.next = frontier();
  pr.index = st.next, pr.seconds = secondsSince(start);
  writeCheckpoint(ckpt, g, o.rules, st);
  if (o.onCheckpoint) o.onCheckpoint(pr);
  return false;
}

}  // namespace

bool legalPosition(const Geometry& g, Mask own, Mask opp) {
  const Mask emp = g.all() & ~(own | opp);
  for (Mask stones : {own, opp}) {
    for (Mask rest = stones; rest;) {
      const Mask chain = g.flood(rest & -rest, stones);
      rest &= ~chain;
      if (!(g.expand(chain) & emp)) return false;
    }
  }
  return true;
}

uint64_t canonicalKey(const Geometry& g, Mask own, Mask opp, int& sym) {
  uint64_t key = own | opp << 32;
  sym = 0;
  for (int s = 1; s < g.symmetries(); ++s) {
    const uint64_t k = g.mapMask(s, own) | g.mapMask(s, opp) << 32;
    if (k < key) key = k, sym = s;
  }
  return key;
}

uint64_t canonicalKeyWithKo(const Geometry& g, Mask own, Mask opp, int ko, int& sym) {
  uint64_t key = own | opp << 32;
  int k = ko;
  sym = 0;
  for (int s = 1; s < g.symmetries(); ++s) {
    const uint64_t c = g.mapMask(s, own) | g.mapMask(s, opp) << 32;
    const int cko = ko < 0 ? -1 : g.mapPoint(s, ko);
    if (c < key || (c == key && cko < k)) key = c, k = cko, sym = s;
  }
  return k < 0 ? key : key | uint64_t(k + 1) << g.points();
}

int koOfKey(const Geometry& g, uint64_t key) {
  return static_cast<int>((key & 0xFFFFFFFFu) >> g.points()) - 1;
}

void SolutionTable::encodeEntries(std::span<const SolutionEntry> entries, uint64_t& prevKey,
                                  tables::PayloadWriter& w) {
  for (const SolutionEntry& e : entries) {
    w.varint(e.key - prevKey);
    w.svarint(e.value);
    w.varint(e.best);
    prevKey = e.key;
  }
}

std::vector<uint8_t> SolutionTable::encode(const std::vector<SolutionEntry>& entries) {
  tables::PayloadWriter w;
  w.varint(entries.size());
  uint64_t prev = 0;
  encodeEntries(entries, prev, w);
  return w.take();
}

std::vector<SolutionEntry> SolutionTable::decode(std::span<const uint8_t> payload, uint64_t count,
                                                 const std::string& source) {
  tables::PayloadReader rd(payload, source);
  const uint64_t n = rd.varint();
  if (n != count) rd.fail("entry count differs from the header's");
  if (n > rd.remaining()) rd.fail("entry count larger than the payload");
  std::vector<SolutionEntry> out(n);
  uint64_t prev = 0;
  for (uint64_t i = 0; i < n; ++i) {
    const uint64_t delta = rd.varint();
    if (i > 0 && delta == 0) rd.fail("keys not strictly increasing");
    out[i].key = prev + delta;
    if (out[i].key < prev) rd.fail("key overflow");
    const int64_t v = rd.svarint();
    if (v < -MAX_POINTS || v > MAX_POINTS) rd.fail("value out of range");
    out[i].value = static_cast<int>(v);
    out[i].best = rd.varint();
    if (out[i].best >> 35) rd.fail("best-move mask out of range");
    prev = out[i].key;
  }
  rd.expectEnd();
  return out;
}

SolutionTable SolutionTable::load(const std::filesystem::path& path, const Geometry& g,
                                  const Rules& rules) {
  tables::TableExpect e = expectFor(g, rules, tables::TableKind::Solution, SOLUTION_TABLE_VERSION);
  e.rules = solutionTableRules(rules);
  const tables::Table t = tables::readTable(path, e);
  SolutionTable st;
  st.g_ = std::make_shared<const Geometry>(g);
  st.entries_ = decode(t.payload, t.header.meta.entryCount, path.string());
  st.states_ = std::any_of(st.entries_.begin(), st.entries_.end(),
                           [](const SolutionEntry& x) { return (x.key & PASSED_KEY) != 0; });
  return st;
}

const SolutionEntry* SolutionTable::find(uint64_t key) const {
  const auto it = std::lower_bound(entries_.begin(), entries_.end(), key,
                                   [](const SolutionEntry& e, uint64_t k) { return e.key < k; });
  return it == entries_.end() || it->key != key ? nullptr : &*it;
}

bool SolutionTable::lookupState(Mask own, Mask opp, int ko, bool passed, int& value,
                                uint64_t& best) const {
  const Mask all = g_->all();
  if ((passed && ko >= 0) || ko < -1 || ko >= g_->points() || ((own | opp) & ~all) || (own & opp)) {
    return false;
  }
  int sym = 0;
  const SolutionEntry* it =
      find(canonicalKeyWithKo(*g_, own, opp, ko, sym) | (passed ? PASSED_KEY : 0));
  if (!it) return false;
  value = it->value;
  best = (it->best & (PASS_BIT | SOME_BEST | LOWER_BOUND)) |
         g_->mapMask(g_->inverse(sym), it->best & g_->all());
  return true;
}

bool SolutionTable::lookup(Mask own, Mask opp, int& value, uint64_t& best) const {
  int sym = 0;
  const SolutionEntry* it = find(canonicalKey(*g_, own, opp, sym));
  if (!it || (it->best & LOWER_BOUND)) return false;
  value = it->value;
  best = (it->best & (PASS_BIT | SOME_BEST)) | g_->mapMask(g_->inverse(sym), it->best & g_->all());
  return true;
}

bool playInPosition(const Geometry& g, const Position& p, int move, Position& next) {
  const engine::Color other = engine::opponent(p.toMove);
  next = Position{};
  next.black = p.black, next.white = p.white, next.toMove = other;
  if (move < 0) {
    next.passes = p.passes + 1;
    return p.passes == 0;
  }
  CompactBoard b(g);
  b.setRaw(p.black, p.white, p.ko, p.ko >= 0 ? p.toMove : engine::Color::Empty);
  if (!b.isLegal(move, p.toMove)) return false;
  b.play(move, p.toMove);
  next.black = b.black(), next.white = b.white();
  if (b.koPoint() >= 0 && b.koColor() == other) next.ko = b.koPoint();
  return true;
}

namespace {

// The entry of a state in a table of every state: the mover's lower bound and moves.
bool lookupPosition(const SolutionTable& t, const Position& s, int& lower, uint64_t& moves) {
  const bool black = s.toMove == engine::Color::Black;
  return t.lookupState(black ? s.black : s.white, black ? s.white : s.black, s.ko, s.passes == 1,
                       lower, moves);
}

// The answer of a table of every state (see solveFromTable).
bool solveFromStates(const SolutionTable& t, const Position& p, double komi, SolveResult& out,
                     bool variation) {
  const Geometry& g = t.geometry();
  const int n = g.points();
  if (p.passes < 0 || p.passes > 1 || (p.passes == 1 && p.ko >= 0)) return false;
  Position s = p;
  s.history.clear();
  int lower = 0;
  uint64_t listed = 0;
  if (!lookupPosition(t, s, lower, listed)) return false;
  // The most the mover can hope for: what each move leaves it at best. A child the table
  // lacks (never in a whole ranked table) leaves the widest bound.
  int upper = lower;
  if (listed & LOWER_BOUND) {
    upper = -n;
    for (int m = -1; m < n; ++m) {
      Position c;
      int hope = n, childLower = 0;
      uint64_t childMoves = 0;
      if (!playInPosition(g, s, m, c)) {
        if (m >= 0) continue;  // not a legal move
        const int score = areaScore(g, s.black, s.white);
        hope = s.toMove == engine::Color::Black ? score : -score;
      } else if (lookupPosition(t, c, childLower, childMoves)) {
        hope = -childLower;
      }
      upper = std::max(upper, hope);
    }
  }
  const bool black = p.toMove == engine::Color::Black;
  out = SolveResult{};
  out.exact = !(listed & LOWER_BOUND);
  out.lower = (black ? lower : -upper) + komi;
  out.upper = (black ? upper : -lower) + komi;
  out.value = (out.lower + out.upper) / 2;
  for (Mask m = listed & g.all(); m; m &= m - 1) out.best.push_back(lowestBit(m));
  if (listed & PASS_BIT) out.best.push_back(-1);
  out.allBest = out.exact && !(listed & SOME_BEST);
  if (!variation) return true;
  // The game both sides play by their first listed move. Where either side's lower bound
  // is above the least value (at every exact state) it ends: that side's bound never falls
  // along it and, while it stays, its rank does (docs/SOLVER.md, sessions 51-52). Where
  // both are at the least value every move keeps them and the game may go round a cycle:
  // the variation stops before a state would come again.
  std::set<std::pair<uint64_t, int>> seen;  // the stones; the mover, its ban, a pending pass
  for (Position at = s;;) {
    const int rest = (at.ko + 1) << 2 | (at.toMove == engine::Color::White) << 1 | at.passes;
    if (!seen.emplace(at.black | uint64_t{at.white} << 32, rest).second) break;
    int l = 0;
    uint64_t moves = 0;
    if (!lookupPosition(t, at, l, moves)) break;
    const Mask points = moves & g.all();
    if (!points && !(moves & PASS_BIT)) break;
    const int m = points ? lowestBit(points) : -1;
    Position next;
    // A pass that ends the game is played and ends the variation; a listed point that is
    // not legal (a damaged table could list one) ends it unplayed.
    const bool more = playInPosition(g, at, m, next);
    if (m >= 0 && !more) break;
    out.pv.push_back(m);
    if (!more) break;
    at = next;
  }
  return true;
}

}  // namespace

bool solveFromTable(const SolutionTable& table, const Position& p, double komi, SolveResult& out,
                    bool variation) {
  if (table.holdsStates()) return solveFromStates(table, p, komi, out, variation);
  if (!p.history.empty() || p.passes != 0 || p.ko >= 0) return false;
  const bool black = p.toMove == engine::Color::Black;
  int value = 0;
  uint64_t best = 0;
  if (!table.lookup(black ? p.black : p.white, black ? p.white : p.black, value, best)) {
    return false;
  }
  out = SolveResult{};
  out.exact = true;
  out.value = out.lower = out.upper = (black ? value : -value) + komi;
  for (Mask m = best & table.geometry().all(); m; m &= m - 1) out.best.push_back(lowestBit(m));
  if (best & PASS_BIT) out.best.push_back(-1);
  out.allBest = !(best & SOME_BEST);
  return true;
}

uint64_t countTablePositions(const Geometry& g) {
  uint64_t n = 0;
  enumerate(g.points(), BuildOrder::DenseFirst, 0, [&](uint64_t, Mask own, Mask opp) {
    int sym;
    n += canonicalKey(g, own, opp, sym) == (own | opp << 32) && legalPosition(g, own, opp);
    return true;
  });
  return n;
}

TableBuildResult buildSolutionTable(const Geometry& g, const TableBuildOptions& o) {
  const auto start = std::chrono::steady_clock::now();
  const auto since = [](std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
  };
  if (g.points() > o.maxPoints) {
    throw engine::InputError("tables build --solve: " + std::to_string(g.points()) +
                             " points is above the limit of " + std::to_string(o.maxPoints) +
                             " for complete tables");
  }
  if (o.rules.komi != 0) throw engine::InputError("tables build --solve: komi must be 0");
  if (o.rules.ko == KoRule::SimpleForced) {
    // Under simple ko alone a cycle can leave a position open for ever, so no search
    // finishes such a table; the analysis of every state at once does.
    throw engine::InputError(
        "tables build --solve: simple-forced complete tables come from retrograde analysis "
        "(buildRetrogradeTable, solve/retrograde.hpp)");
  }
  if (o.out.empty()) throw engine::InputError("tables build --solve: no output file");
  const std::filesystem::path ckpt =
      o.checkpoint.empty() ? std::filesystem::path(o.out.string() + ".ckpt") : o.checkpoint;
  uint64_t total = 1;
  for (int p = 0; p < g.points(); ++p) total *= 3;
  TableBuildResult res;
  BuildState st;
  st.order = o.order;
  if (std::filesystem::exists(ckpt)) {
    st = readCheckpoint(ckpt, g, o.rules, total, o.order);
    res.resumed = true;
  }
  // A parallel build's checkpoint may hold positions beyond its index: not solved again.
  std::unordered_set<uint64_t> done;
  for (const SolutionEntry& e : st.entries) done.insert(e.key);
  SolveOptions so;
  so.rules = o.rules;
  so.ttLog2 = o.ttLog2;
  so.boundsLog2 = o.boundsLog2;
  so.oneSided = o.oneSided;
  so.threads = 1;
  so.bestMoves = true;
  so.principalVariation = false;
  BuildProgress pr;
  pr.total = total;
  bool stopped = false;
  if (o.threads >= 2) {
    stopped = !buildInParallel(g, o, so, ckpt, st, done, pr, start);
  } else {
    SolveOptions own = so;
    if (o.onProgress) {
      // The solver's reports come from this thread, inside solve(): pr is not being
      // written then.
      own.progressSeconds = o.progressSeconds;
      own.onProgress = [&](const SolveProgress& sp) {
        BuildProgress now = pr;
        now.running = sp.nodes;
        now.seconds = since(start);
        o.onProgress(now);
      };
    }
    Solver solver(g, own);
    auto lastCheckpoint = std::chrono::steady_clock::now();
    enumerate(g.points(), o.order, st.next, [&](uint64_t ordinal, Mask own, Mask opp) {
      int sym;
      if (canonicalKey(g, own, opp, sym) != (own | opp << 32) || !legalPosition(g, own, opp) ||
          done.count(own | opp << 32)) {
        return true;
      }
      Position pos;
      pos.black = own, pos.white = opp;
      const SolveResult r = solver.solve(pos);
      if (!r.exact) throw engine::InputError("tables build --solve: a position was not solved");
      const SolutionEntry e = entryOf(own, opp, r);
      st.entries.push_back(e);
      pr.index = ordinal + 1, pr.entries = st.entries.size(), pr.nodes += r.nodes;
      pr.empties = g.points() - popcount(own | opp);
      pr.seconds = since(start), pr.lastValue = e.value;
      if (o.onProgress) o.onProgress(pr);
      const bool outOfTime = o.maxSeconds > 0 && pr.seconds > o.maxSeconds;
      if (since(lastCheckpoint) >= o.checkpointSeconds || outOfTime) {
        st.next = ordinal + 1;
        writeCheckpoint(ckpt, g, o.rules, st);
        lastCheckpoint = std::chrono::steady_clock::now();
        if (o.onCheckpoint) o.onCheckpoint(pr);
        if (outOfTime) {
          stopped = true;
          return false;
        }
      }
      return true;
    });
  }
  if (stopped) {
    res.entries = st.entries.size(), res.nodes = pr.nodes, res.seconds = since(start);
    return res;
  }
  pr.index = total, pr.seconds = since(start);
  if (o.onProgress) o.onProgress(pr);  // the final state, for progress bars
  // Neither enumeration order is key order: sort by key.
  std::sort(st.entries.begin(), st.entries.end(),
            [](const SolutionEntry& a, const SolutionEntry& b) { return a.key < b.key; });
  const tables::TableHeader h = tables::writeTable(
      o.out,
      metaFor(g, o.rules, tables::TableKind::Solution, SOLUTION_TABLE_VERSION, st.entries.size()),
      SolutionTable::encode(st.entries));
  std::filesystem::remove(ckpt);
  res.complete = true;
  res.entries = st.entries.size();
  res.nodes = pr.nodes;
  res.fileBytes = tables::HEADER_BYTES + h.storedBytes;
  res.seconds = since(start);
  return res;
}

}  // namespace solve

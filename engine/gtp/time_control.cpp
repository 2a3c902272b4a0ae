#include "engine/gtp/time_control.hpp"

#include <algorithm>
#include <limits>

namespace engine {

namespace {

// The share of a Canadian period one stone may use; 0 when the settings have none.
double stoneShare(const TimeSettings& s) {
  return s.periodSeconds > 0 && s.stones > 0 ? s.periodSeconds / s.stones : 0;
}

bool hasByoyomi(const TimeSettings& s) {
  if (s.system == TimeSystem::Canadian) return stoneShare(s) > 0;
  if (s.system == TimeSystem::Byoyomi) return s.periodSeconds > 0 && s.periods > 0;
  return false;
}

ClockReading readingOrStart(const TimeSettings& s, const ClockReading& r) {
  return r.known ? r : initialReading(s);
}

}  // namespace

double expectedMovesLeft(int points, int movesPlayed, const TimePolicy& policy) {
  const double total = policy.expectedGameFraction * points;
  return std::max((total - movesPlayed) / 2, policy.minMovesLeft + policy.tailFraction * points);
}

ClockReading initialReading(const TimeSettings& s) {
  ClockReading r;
  if (s.system == TimeSystem::None) return r;
  r.known = true;
  r.seconds = s.mainSeconds;
  if (s.mainSeconds <= 0 && hasByoyomi(s)) {
    r.seconds = s.periodSeconds;
    r.stones = s.system == TimeSystem::Canadian ? s.stones : s.periods;
  }
  return r;
}

double hardLimit(const TimeSettings& s, const ClockReading& reading) {
  if (s.system == TimeSystem::None) return std::numeric_limits<double>::infinity();
  const ClockReading r = readingOrStart(s, reading);
  const double left = std::max(0.0, r.seconds);
  if (!hasByoyomi(s)) return left;
  if (s.system == TimeSystem::Canadian) {
    // In a period its time is shared by the stones still due; in main time the move
    // may run into the first period by one stone's share.
    return r.stones > 0 ? left / r.stones : left + stoneShare(s);
  }
  // Japanese: in the periods, what is left of the current one; in main time, main time
  // and then the first period.
  return r.stones > 0 ? left : left + s.periodSeconds;
}

double moveBudget(const TimeSettings& s, const ClockReading& reading, int points, int movesPlayed,
                  const TimePolicy& policy) {
  if (s.system == TimeSystem::None) return 0;
  const ClockReading r = readingOrStart(s, reading);
  const double ceiling = hardLimit(s, r);
  const double movesLeft = expectedMovesLeft(points, movesPlayed, policy);
  const double left = std::max(0.0, r.seconds);
  double budget = 0;
  if (!hasByoyomi(s)) {
    budget = left / movesLeft;
  } else if (r.stones > 0) {
    budget = ceiling;  // in byo-yomi: the stone's share, or the Japanese period
  } else {
    // Main time shared out, plus what byo-yomi gives every move anyway.
    const double perMove = s.system == TimeSystem::Canadian ? stoneShare(s) : s.periodSeconds;
    budget = left / movesLeft + perMove;
  }
  budget = std::min(budget, ceiling);
  budget = budget * (1 - policy.marginFraction) - policy.marginSeconds;
  return std::max(budget, policy.minSeconds);
}

ClockReading chargeMove(const TimeSettings& s, ClockReading reading, double seconds) {
  if (s.system == TimeSystem::None) return reading;
  ClockReading r = readingOrStart(s, reading);
  seconds = std::max(0.0, seconds);
  if (!hasByoyomi(s)) {
    r.seconds -= seconds;
    if (r.seconds < 0) {
      r.seconds = 0;
      r.lost = true;
    }
    return r;
  }
  double over = 0;  // time this move spent beyond main time, into byo-yomi
  if (r.stones == 0) {
    r.seconds -= seconds;
    if (r.seconds >= 0) return r;
    over = -r.seconds;
    r.seconds = s.periodSeconds;
    r.stones = s.system == TimeSystem::Canadian ? s.stones : s.periods;
  } else {
    over = seconds;
  }
  if (s.system == TimeSystem::Canadian) {
    r.seconds -= over;
    r.stones -= 1;
    if (r.seconds < 0) {
      r.seconds = 0;
      r.lost = true;
    }
    if (r.stones == 0) {  // the period's stones are played: a fresh period
      r.seconds = s.periodSeconds;
      r.stones = s.stones;
    }
    return r;
  }
  // Japanese: every whole period overrun is lost; a move made in time restarts it.
  while (over > r.seconds && r.stones > 0) {
    over -= r.seconds;
    r.seconds = s.periodSeconds;
    r.stones -= 1;
  }
  if (r.stones <= 0) {
    r.stones = 0;
    r.seconds = 0;
    r.lost = true;
    return r;
  }
  r.seconds = s.periodSeconds;
  return r;
}

}  // namespace engine

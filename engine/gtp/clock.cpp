#include "engine/gtp/clock.hpp"

#include <cstdio>

namespace engine {

namespace {

// Times are whole seconds in GTP; a week is far beyond any real game.
constexpr long long MAX_SECONDS = 7LL * 24 * 3600;
constexpr long long MAX_COUNT = 1000000;

}  // namespace

TimeSettings parseTimeSettings(const GtpArgs& a) {
  a.expectCount(3);
  TimeSettings s;
  s.mainSeconds = static_cast<double>(a.integer(0, 0, MAX_SECONDS));
  s.periodSeconds = static_cast<double>(a.integer(1, 0, MAX_SECONDS));
  s.stones = static_cast<int>(a.integer(2, 0, MAX_COUNT));
  if (s.periodSeconds > 0 && s.stones == 0) {
    s = TimeSettings{};  // the spec's way of saying "no time limit"
  } else if (s.periodSeconds == 0) {
    s.system = TimeSystem::Absolute;
    s.stones = 0;
  } else {
    s.system = TimeSystem::Canadian;
  }
  return s;
}

TimeSettings parseKgsTimeSettings(const GtpArgs& a) {
  const std::string& kind = a.at(0);
  TimeSettings s;
  if (kind == "none") {
    a.expectCount(1);
  } else if (kind == "absolute") {
    a.expectCount(2);
    s.system = TimeSystem::Absolute;
    s.mainSeconds = static_cast<double>(a.integer(1, 0, MAX_SECONDS));
  } else if (kind == "byoyomi" || kind == "canadian") {
    a.expectCount(4);
    s.system = kind == "byoyomi" ? TimeSystem::Byoyomi : TimeSystem::Canadian;
    s.mainSeconds = static_cast<double>(a.integer(1, 0, MAX_SECONDS));
    s.periodSeconds = static_cast<double>(a.integer(2, 0, MAX_SECONDS));
    const int n = static_cast<int>(a.integer(3, 0, MAX_COUNT));
    (kind == "byoyomi" ? s.periods : s.stones) = n;
  } else {
    throw GtpError("syntax error");
  }
  return s;
}

std::string describe(const TimeSettings& s) {
  char buf[128];
  switch (s.system) {
    case TimeSystem::None:
      return "no time limit";
    case TimeSystem::Absolute:
      std::snprintf(buf, sizeof buf, "absolute %g s", s.mainSeconds);
      break;
    case TimeSystem::Byoyomi:
      std::snprintf(buf, sizeof buf, "byo-yomi %g s + %d x %g s", s.mainSeconds, s.periods,
                    s.periodSeconds);
      break;
    case TimeSystem::Canadian:
      std::snprintf(buf, sizeof buf, "canadian %g s + %g s / %d stones", s.mainSeconds,
                    s.periodSeconds, s.stones);
      break;
  }
  return buf;
}

}  // namespace engine

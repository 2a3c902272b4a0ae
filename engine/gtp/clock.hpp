// Time controls as a GTP controller announces them (time_settings, kgs-time_settings,
// time_left), parsed into typed values and stored. Nothing reads them to budget
// thinking time yet: time management comes with the search issue; until then the
// players ignore the clock.
#pragma once

#include <string>
#include <vector>

#include "engine/board/color.hpp"
#include "engine/gtp/protocol.hpp"

namespace engine {

enum class TimeSystem : unsigned char {
  None,      // no time limit
  Absolute,  // main time only
  Byoyomi,   // main time, then `periods` periods of periodSeconds each (Japanese)
  Canadian,  // main time, then periodSeconds for every `stones` moves (GTP's model)
};

struct TimeSettings {
  TimeSystem system = TimeSystem::None;
  double mainSeconds = 0;
  double periodSeconds = 0;
  int periods = 0;  // Byoyomi: number of periods
  int stones = 0;   // Canadian: moves per period
};

// What the controller last said about one player's clock (time_left).
struct ClockReading {
  bool known = false;  // false until a time_left for this colour arrives
  double seconds = 0;  // time left in the current period (or main time)
  int stones = 0;      // moves left in the current Canadian period; 0 = in main time
};

struct ClockState {
  TimeSettings settings;
  ClockReading black, white;

  ClockReading& of(Color c) { return c == Color::White ? white : black; }
  const ClockReading& of(Color c) const { return c == Color::White ? white : black; }
};

// time_settings main_time byo_yomi_time byo_yomi_stones (GTP 2, section 4.2): byo-yomi
// time 0 means absolute time; byo-yomi time > 0 with 0 stones means no limit. Throws
// GtpError("syntax error") for malformed arguments.
TimeSettings parseTimeSettings(const GtpArgs& args);

// kgs-time_settings none | absolute M | byoyomi M P N | canadian M P S (the KGS GTP
// extension). Throws GtpError("syntax error") for malformed arguments.
TimeSettings parseKgsTimeSettings(const GtpArgs& args);

// One line describing the settings, for logs: "canadian 300 s + 30 s / 10 stones".
std::string describe(const TimeSettings& settings);

}  // namespace engine

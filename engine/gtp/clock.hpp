// Time controls as a GTP controller announces them (time_settings, kgs-time_settings,
// time_left), parsed into typed values. time_control.hpp turns them into a thinking
// budget per move and keeps the engine's own clock between time_left commands.
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

// One player's clock: what the controller last said (time_left), run down by the
// engine's own accounting of its genmoves since (time_control.hpp chargeMove).
struct ClockReading {
  bool known = false;  // false until time settings or a time_left for this colour arrive
  double seconds = 0;  // time left in the current period (or main time)
  // 0 while in main time; in byo-yomi, moves left in the current Canadian period, or
  // Japanese periods left (the current one included), as KGS sends them in time_left.
  int stones = 0;
  bool lost = false;  // the engine's own accounting says the time ran out
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

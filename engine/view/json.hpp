// A small streaming JSON writer (RFC 8259 output only): objects, arrays, strings with
// escapes, integers and finite doubles. The caller opens and closes containers in
// order; the writer places the commas. Used for `fgo analyze --json`.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace engine {

class JsonWriter {
 public:
  // Starts an object / array as a value (inside an array, after key(), or at the top).
  JsonWriter& beginObject();
  JsonWriter& endObject();
  JsonWriter& beginArray();
  JsonWriter& endArray();
  // The next member's key (inside an object).
  JsonWriter& key(std::string_view k);
  JsonWriter& value(std::string_view s);
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(int64_t v);
  JsonWriter& value(int v) { return value(static_cast<int64_t>(v)); }
  JsonWriter& value(uint32_t v) { return value(static_cast<int64_t>(v)); }
  JsonWriter& value(size_t v) { return value(static_cast<int64_t>(v)); }
  // Finite doubles in shortest round-trip form; NaN and infinities are written as null.
  JsonWriter& value(double v);
  JsonWriter& value(bool b);
  JsonWriter& null();
  // A line break before the next value or key, after its comma (keeps big outputs
  // readable by line tools).
  JsonWriter& newline();

  // The text written so far.
  const std::string& str() const { return out_; }

 private:
  void separate();
  std::string out_;
  std::vector<bool> first_;  // per open container: no member written yet
  bool afterKey_ = false;
  bool newline_ = false;
};

// s as a JSON string literal, quotes included.
std::string jsonQuote(std::string_view s);

}  // namespace engine
